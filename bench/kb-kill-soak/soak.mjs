// The kill soak: writers add, replace and delete documents over HTTP while `toolgen kb serve`
// runs in a child process; at a seeded random moment the child is killed with SIGKILL; a new
// child opens the same database; every document is checked against the ledger (ledger.mjs); the
// next round writes on. Used by bench/kb-kill-soak.mjs (hundreds of rounds) and by the test
// test/knowledge-base/kill-soak.test.ts (a few).
//
// The seed fixes every writer's requests and the moment of each kill, counted in acknowledged
// writes and a pause after them; what is in flight at that moment still depends on timing.
import { Agent } from "node:http";
import { mulberry32 } from "../seeded-random.mjs";
import { checkAfterRestart } from "./check-after-restart.mjs";
import { Ledger } from "./ledger.mjs";
import { postJson } from "./post-json.mjs";
import { startService } from "./service-process.mjs";
import { runWriter } from "./writer.mjs";

const TOKEN = "kill-soak-token";

function connect(served, knowledgeBaseId) {
  return {
    url: served.url,
    token: TOKEN,
    knowledgeBaseId,
    agent: new Agent({ keepAlive: true, maxSockets: 64 }),
  };
}

/**
 * Runs `rounds` kill rounds (fewer if `deadline`, a Date.now() value, passes first) against the
 * service started with `place`. Resolves to the tally; `problems` lists every failed check, and
 * the run stops at the first round that has one.
 */
export async function runKillSoak({
  place,
  rounds,
  seed,
  writers = 8,
  documentsPerWriter = 16,
  maxAcknowledgedBeforeKill = 80,
  deadline = Infinity,
  onRound = () => undefined,
}) {
  const ledger = new Ledger();
  const tally = {
    rounds: 0,
    requests: { acknowledged: 0, refused: 0, unanswered: 0 },
    acknowledged: {},
    refusals: [],
    anomalies: [],
    problems: [],
    ledger,
  };
  let served = await startService(place, TOKEN);
  try {
    const created = await postJson(undefined, served.url, TOKEN, "/llm/knowledge/create", { knowledgeBaseName: "kill-soak" });
    if (created.answer !== "acknowledged") throw new Error(`create: ${created.detail}`);
    const { knowledgeBaseId } = created.result;
    for (let round = 0; round < rounds && Date.now() < deadline; round++) {
      const random = mulberry32(seed * 1_000_003 + round);
      const killAfter = 1 + Math.floor(random() * maxAcknowledgedBeforeKill);
      const pauseMs = Math.floor(random() * 25);
      const service = connect(served, knowledgeBaseId);
      let stopping = false;
      let acknowledgedThisRound = 0;
      const unansweredBefore = tally.requests.unanswered + tally.requests.refused;
      let reachedKillPoint;
      const killPoint = new Promise((resolve) => (reachedKillPoint = resolve));
      const running = Array.from({ length: writers }, (_, writer) =>
        runWriter({
          writer,
          round,
          random: mulberry32(seed * 7919 + round * 131 + writer),
          pool: Array.from({ length: documentsPerWriter }, (_, k) => `w${writer}d${k}`),
          ledger,
          service,
          stopping: () => stopping,
          tally,
          onAcknowledged: () => {
            if (++acknowledgedThisRound >= killAfter) reachedKillPoint();
          },
        }),
      );
      await killPoint;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      stopping = true;
      served.child.kill("SIGKILL");
      const { signal } = await served.exited;
      if (signal !== "SIGKILL") throw new Error(`round ${round}: the service ended by ${signal}, not the kill:\n${served.output()}`);
      await Promise.all(running);
      service.agent.destroy();
      served = await startService(place, TOKEN);
      const problems = await checkAfterRestart(connect(served, knowledgeBaseId), ledger);
      tally.rounds++;
      tally.problems.push(...problems.map((problem) => `round ${round}: ${problem}`));
      const cutOff = tally.requests.unanswered + tally.requests.refused - unansweredBefore;
      onRound({
        round,
        killAfter,
        pauseMs,
        acknowledged: acknowledgedThisRound,
        cutOff,
        problems,
      });
      if (problems.length > 0) break;
    }
    served.child.kill("SIGTERM");
    const { code } = await served.exited;
    if (code !== 0) tally.problems.push(`the last service did not stop cleanly on SIGTERM (exit ${code}):\n${served.output()}`);
    return tally;
  } finally {
    if (served.child.exitCode === null && served.child.signalCode === null) served.child.kill("SIGKILL");
  }
}
