/**
 * Durability under kill -9, a bounded seeded sample of bench/kb-kill-soak.mjs: 8 writers add,
 * replace and delete over HTTP while `toolgen kb serve` (bin/toolgen.js, from dist/) is killed
 * with SIGKILL at seeded moments and restarted on the same database, 5 times per backend. After
 * each restart every document must be in a state the answers allow (bench/kb-kill-soak/ledger.mjs):
 * an acknowledged write present unless a later acknowledged one replaced it, an unanswered one
 * either way. The bench runs hundreds of rounds.
 */
import { afterAll, describe, expect, it } from "vitest";
import { killServices } from "../../bench/kb-kill-soak/service-process.mjs";
import { runKillSoak } from "../../bench/kb-kill-soak/soak.mjs";
import { startPostgres, type TestPostgres } from "../support/postgres.js";
import { removeTempDirs, tempDir, transpileForChild } from "./support.js";

const ROUNDS = 5;
const SEED = 35;

let postgres: TestPostgres | undefined;

afterAll(async () => {
  killServices();
  await postgres?.stop();
  removeTempDirs();
});

const places: Record<"sqlite" | "postgres", () => Promise<string[]>> = {
  sqlite: () => Promise.resolve(["--data", tempDir("kb-kill-soak-")]),
  async postgres() {
    postgres ??= await startPostgres();
    return ["--database", await postgres.createDatabase()];
  },
};

describe.each(["sqlite", "postgres"] as const)("kill -9 soak on %s", (backend) => {
  it(`${ROUNDS} kills: every acknowledged write is there after the restart, every document in a state the answers allow`, async () => {
    transpileForChild("kb-serve"); // says to build first when dist/ is missing
    const tally = await runKillSoak({
      place: await places[backend](),
      rounds: ROUNDS,
      seed: SEED,
    });
    expect(tally.problems).toEqual([]);
    expect(tally.anomalies).toEqual([]);
    expect(tally.rounds).toBe(ROUNDS);
    // The kills came while writes were in flight, and the checks pinned down acknowledged writes.
    expect(tally.requests.unanswered).toBeGreaterThanOrEqual(ROUNDS);
    expect(tally.ledger.checked).toBeGreaterThan(0);
  }, 150_000);
});
