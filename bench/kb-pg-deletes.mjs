// PostgreSQL's deletes with and without the removal queue (schema step 10,
// src/knowledge-base/service/postgres/deferred-removal-step.ts), side by side on one database:
//
//   at once   the delete removes its documents' postings itself, as schema step 9 did (what a
//             delete does when the queue is full: toolgen_removals_limit() replaced by 0 inside
//             the measured transaction);
//   queued    the delete queues them (the default), then toolgen_purge_removals removes them, as
//             the service does after answering; both times are given.
//
// Deleted: chunks drawn at random, and 1,000 consecutive chunks (one add's), the same ids for both
// ways in a round; every delete runs in a transaction that is rolled back, so the database is left
// as it was (run it on a database that bench/kb-scale.mjs --keep left; its stderr gives the URL).
// Then the searches while the queue is full: one word (common: frequency ranks 20-40 of the
// English words; rare: ranks 1,000-1,020), alone and with the bench's broad (`source`) and
// selective (`team`) filters, 20 words a cell, 3 times each, with no queue and with
// --queue chunks deleted at random and queued, in one transaction, in turn.
//
// Run: node bench/kb-pg-deletes.mjs --database-url <url> [--knowledge-base 1] [--rounds 3]
//        [--random 100,1000] [--queue 2000]    (--rounds 0: the searches alone)
// Results: BENCHMARKS.md ("Knowledge base at scale", the deletes paragraph).
import { loadavg } from "node:os";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    "database-url": { type: "string" },
    "knowledge-base": { type: "string", default: "1" },
    rounds: { type: "string", default: "3" },
    random: { type: "string", default: "100,1000" },
    queue: { type: "string", default: "2000" },
  },
});
if (options["database-url"] === undefined) throw new Error("--database-url is required (a database that bench/kb-scale.mjs --keep left)");
const KB = Number(options["knowledge-base"]);
const ROUNDS = Number(options.rounds);
const RANDOM = options.random.split(",").map(Number);
const QUEUE = Number(options.queue);
const progress = (line) => process.stderr.write(`[kb-pg-deletes] ${line}\n`);

const { default: pg } = await import("pg");
const client = new pg.Client({ connectionString: options["database-url"] });
await client.connect();
const query = (text, values) => client.query(text, values);
const timed = async (text, values) => {
  const start = performance.now();
  const result = await query(text, values);
  return { ms: performance.now() - start, result };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => (xs.length === 0 ? "–" : `${Math.round(Math.min(...xs)).toLocaleString("en")}-${Math.round(Math.max(...xs)).toLocaleString("en")}`);
let seed = 20261207;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

try {
  const { rows: [step] } = await query("SELECT to_regprocedure('toolgen_purge_removals(integer)')::text AS present");
  if (step.present === null) throw new Error("the database has no schema step 10 (start a current `toolgen kb serve` on it once)");
  const ids = (await query("SELECT id FROM toolgen_documents WHERE kb_id = $1 ORDER BY seq", [KB])).rows.map((row) => row.id);
  progress(`${ids.length.toLocaleString("en")} chunks in knowledge base ${KB}; load ${loadavg()[0].toFixed(1)}`);
  const draws = () => {
    const sets = RANDOM.map((n) => [`${n.toLocaleString("en")} drawn at random`, Array.from({ length: n }, () => ids[Math.floor(random() * ids.length)])]);
    const start = Math.floor(random() * Math.floor(ids.length / 1000 - 1)) * 1000;
    return [...sets, ["1,000 of one add", ids.slice(start, start + 1000)]];
  };
  const remove = (chosen) => timed("DELETE FROM toolgen_documents WHERE kb_id = $1 AND id = ANY($2::text[])", [KB, chosen]);

  /** kind -> { atOnce: ms[], queued: ms[], purge: ms[] } */
  const deletes = new Map();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [kind, chosen] of draws()) {
      const row = deletes.get(kind) ?? { atOnce: [], queued: [], purge: [] };
      deletes.set(kind, row);
      // Alternating which goes first, so that pages one reads from disk do not favour the other.
      const ways = round % 2 === 1 ? ["atOnce", "queued"] : ["queued", "atOnce"];
      for (const way of ways) {
        await query("BEGIN");
        try {
          if (way === "atOnce") await query("CREATE OR REPLACE FUNCTION toolgen_removals_limit() RETURNS bigint LANGUAGE sql STABLE AS $$ SELECT 0::bigint $$");
          const deleted = await remove(chosen);
          row[way].push(deleted.ms);
          if (way === "queued") row.purge.push((await timed("SELECT toolgen_purge_removals(1000000)")).ms);
          progress(`round ${round}, ${kind}, ${way}: ${Math.round(deleted.ms)} ms${way === "queued" ? ` + purge ${Math.round(row.purge.at(-1))} ms` : ""}`);
        } finally {
          await query("ROLLBACK");
        }
      }
    }
  }

  // Searches with and without a full queue.
  const lexemes = (where) => query(`SELECT lexeme FROM toolgen_lexeme_counts WHERE kb_id = $1 AND lexeme ~ '^[a-z]{4,}$' AND ${where}`, [KB]).then((r) => r.rows.map((row) => row.lexeme));
  const common = await lexemes("true ORDER BY documents DESC, lexeme OFFSET 20 LIMIT 20");
  const rare = await lexemes("true ORDER BY documents DESC, lexeme OFFSET 1000 LIMIT 20");
  const facet = async (key) => {
    const { rows } = await query(`SELECT lexeme FROM toolgen_lexeme_counts WHERE kb_id = $1 AND lexeme LIKE $2 ORDER BY documents DESC LIMIT 1`, [KB, `=${JSON.stringify(key)}=%`]);
    if (rows[0] === undefined) return undefined;
    return [key, JSON.parse(rows[0].lexeme.slice(`=${JSON.stringify(key)}=`.length))];
  };
  const broad = await facet("source");
  const selective = await facet("team");
  const cells = [
    ["common word", common, undefined],
    ["rare word", rare, undefined],
    ["common + broad", common, broad],
    ["common + selective", common, selective],
    ["rare + broad", rare, broad],
  ].filter(([, words, term], index) => words.length > 0 && (index < 2 || term !== undefined));
  const search = async (word, term) => {
    const path = term === undefined ? null : `$.${JSON.stringify(term[0])} == ${JSON.stringify(term[1])}`;
    const terms = term === undefined ? null : JSON.stringify([term]);
    return (await timed("SELECT * FROM toolgen_search($1, ARRAY[$2]::text[], ARRAY[]::text[], 10, $3::jsonpath, ARRAY[]::text[], $4::jsonb)", [KB, word, path, terms])).ms;
  };
  const searches = new Map(cells.map(([name]) => [name, { none: [], full: [] }]));
  let queued = 0;
  for (let round = 1; round <= 2; round++) {
    for (const state of round % 2 === 1 ? ["none", "full"] : ["full", "none"]) {
      await query("BEGIN");
      try {
        if (state === "full") {
          await remove(Array.from({ length: QUEUE }, () => ids[Math.floor(random() * ids.length)]));
          queued = Number((await query("SELECT removed_documents FROM toolgen_kb_stats WHERE kb_id = $1", [KB])).rows[0].removed_documents);
        }
        for (const [name, words, term] of cells) for (let i = 0; i < 3; i++) for (const word of words) searches.get(name)[state].push(await search(word, term));
      } finally {
        await query("ROLLBACK");
      }
    }
    progress(`searches, round ${round} of 2`);
  }

  console.log(`\n${ids.length.toLocaleString("en")} chunks; load ${loadavg()[0].toFixed(1)} at the end\n`);
  console.log("| chunks deleted | at once (ms) | queued: the delete (ms) | queued: the purge after it (ms) |");
  console.log("|---|---:|---:|---:|");
  for (const [kind, row] of deletes) console.log(`| ${kind} | ${range(row.atOnce)} | ${range(row.queued)} | ${range(row.purge)} |`);
  console.log(`\n| search, p50 ms | no queue | ${queued.toLocaleString("en")} queued |`);
  console.log("|---|---:|---:|");
  for (const [name, { none, full }] of searches) console.log(`| ${name} | ${median(none).toFixed(2)} | ${median(full).toFixed(2)} |`);
} finally {
  await client.end();
}
