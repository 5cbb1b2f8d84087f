// Where an add's time goes on PostgreSQL (issue 35, item 3: an add of 1,000 chunks is to be
// acknowledged in 2 s at p99 with four in flight, which needs about 1 s of the database's work per
// add on two cores). Each round takes 1,000 stored chunks (their title, content and metadata),
// indexes them again as new documents (segment.ts, document-rows.ts, as the service does before
// its transaction), and replays them in transactions that are rolled back:
//
//   whole add                the service's INSERT with every trigger and index (schema step 11);
//   documents alone          the same INSERT with the postings trigger disabled (the metadata
//                            and title trigger, to_tsvector and the documents' three GIN
//                            indexes remain);
//   documents, no GIN        that, with the GIN indexes dropped inside the transaction;
//   postings: build + sort   the trigger's postings rows computed and sorted, not inserted;
//   postings: insert         those rows inserted into toolgen_postings (from a sorted temporary
//                            table, so the build is not counted twice);
//   postings: heap alone     the same rows into a table like toolgen_postings without its
//                            primary key: the rest of the insert is the B-tree's;
//   word counts              the trigger's upsert of toolgen_lexeme_counts.
//
// The postings parts restate toolgen_index_inserted as of schema steps 10 and 11 (counts-last-step.ts
// and lexeme-counts-step.ts); the bench refuses a database at another schema version. Run it on a
// database that bench/kb-scale.mjs --keep left (its stderr gives the URL), nothing else running:
// the rolled-back inserts leave dead index entries until VACUUM, so compare parts within a run,
// and they fill the GIN indexes' pending lists, which every search by those indexes then reads
// (a search with a narrow filter took 1.1 ms instead of 0.4 until `VACUUM toolgen_documents`).
//
// Run after `npm run build`:
//   node bench/kb-pg-add-parts.mjs --database-url <url> [--knowledge-base 1] [--rounds 3]
// Results: issue 35's notes and docs/knowledge-base-deployment.md, known gap 6.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { indexDocuments } from "../dist/knowledge-base/service/index-documents.js";
import { DOCUMENT_ROW_COLUMNS, documentRows } from "../dist/knowledge-base/service/postgres/document-rows.js";

const { values: options } = parseArgs({
  options: {
    "database-url": { type: "string" },
    "knowledge-base": { type: "string", default: "1" },
    rounds: { type: "string", default: "3" },
  },
});
if (options["database-url"] === undefined) throw new Error("--database-url is required (a database that bench/kb-scale.mjs --keep left)");
const KB = Number(options["knowledge-base"]);
const ROUNDS = Number(options.rounds);
const SCHEMAS = [10, 11];
const progress = (line) => process.stderr.write(`[kb-pg-add-parts] ${line}\n`);

const { default: pg } = await import("pg");
const client = new pg.Client({ connectionString: options["database-url"] });
await client.connect();
const query = (text, values) => client.query(text, values);

const ADD = `INSERT INTO toolgen_documents (kb_id, id, title, content, metadata, search, grams)
  SELECT $1, d.id, d.title, d.content, d.metadata::json,
         setweight(to_tsvector('toolgen', d.index_title), 'A') || setweight(to_tsvector('toolgen', d.index_content), 'B'),
         setweight(to_tsvector('toolgen', d.gram_title), 'A') || setweight(to_tsvector('toolgen', d.gram_content), 'B')
  FROM ROWS FROM (json_to_recordset($2::json) AS (${DOCUMENT_ROW_COLUMNS})) WITH ORDINALITY
       AS d (id, title, content, metadata, index_title, index_content, gram_title, gram_content, ord)
  ORDER BY d.ord`;
const NO_POSTINGS_TRIGGER = "ALTER TABLE toolgen_documents DISABLE TRIGGER toolgen_documents_indexed_inserted";
const DROP_GIN = ["toolgen_documents_search", "toolgen_documents_grams", "toolgen_documents_metadata"].map((index) => `DROP INDEX ${index}`);
const ADDED = (ids) => `CREATE TEMP TABLE bench_added ON COMMIT DROP AS
  SELECT kb_id, seq, search, grams, toolgen_document_length(search) AS length, toolgen_document_length(grams) AS gram_length
  FROM toolgen_documents WHERE kb_id = ${KB} AND id LIKE '${ids}%'`;
const POSTINGS = `SELECT p.* FROM bench_added AS a, toolgen_document_postings(a.kb_id, a.seq, a.search, a.grams, a.length, a.gram_length) AS p
  ORDER BY p.kb_id, p.lexeme COLLATE "C", p.seq`;

const parts = ["whole add", "documents alone", "documents, no GIN", "postings: build + sort", "postings: insert", "postings: heap alone", "word counts"];
const times = Object.fromEntries(parts.map((part) => [part, []]));
let postingsPerAdd = 0;
let lexemesPerAdd = 0;

/** Runs `body` in a transaction that is rolled back, with the trigger's own work_mem. */
async function rolledBack(body) {
  await query("BEGIN");
  try {
    await query("SET LOCAL work_mem = '64MB'");
    await body();
  } finally {
    await query("ROLLBACK");
  }
}
/** Runs one statement and records its time under `part`. */
async function timed(part, text, values) {
  const start = process.hrtime.bigint();
  await query(text, values);
  times[part].push(Number(process.hrtime.bigint() - start) / 1e6);
}

try {
  const version = (await query("SELECT max(version) AS version FROM toolgen_schema")).rows[0].version;
  if (!SCHEMAS.includes(version)) throw new Error(`the database is at schema step ${version}; this bench restates the trigger of steps ${SCHEMAS.join(" and ")}`);
  const { rows: [{ documents }] } = await query("SELECT count(*)::integer AS documents FROM toolgen_documents WHERE kb_id = $1", [KB]);
  if (documents < 1000 * (ROUNDS + 1)) throw new Error(`knowledge base ${KB} has ${documents} documents; ${1000 * (ROUNDS + 1)} are needed`);
  for (let round = 0; round < ROUNDS; round++) {
    const offset = Math.floor((documents / (ROUNDS + 1)) * (round + 1));
    const stored = (await query("SELECT title, content, metadata FROM toolgen_documents WHERE kb_id = $1 ORDER BY seq OFFSET $2 LIMIT 1000", [KB, offset])).rows;
    const prefix = `bench-add-parts-${round}-`;
    const indexed = await indexDocuments(stored.map((row, i) => ({ id: `${prefix}${i}`, title: row.title, content: row.content, metadata: row.metadata })));
    const rows = await documentRows(indexed.map((document) => [document.id, document]), { pause: async () => {} });
    // The parts in an order that turns with the round, so none always goes first.
    const order = [0, 1, 2, 3].map((i) => (i + round) % 4);
    for (const which of order) {
      if (which === 0) await rolledBack(() => timed("whole add", ADD, [KB, rows]));
      if (which === 1) await rolledBack(async () => (await query(NO_POSTINGS_TRIGGER), await timed("documents alone", ADD, [KB, rows])));
      if (which === 2) {
        await rolledBack(async () => {
          await query(NO_POSTINGS_TRIGGER);
          for (const drop of DROP_GIN) await query(drop);
          await timed("documents, no GIN", ADD, [KB, rows]);
        });
      }
      if (which === 3) {
        // The postings parts, one after another on the same documents.
        await rolledBack(async () => {
          await query(NO_POSTINGS_TRIGGER);
          await query(ADD, [KB, rows]);
          await query(ADDED(prefix));
          await timed("postings: build + sort", `SELECT count(*) FROM (${POSTINGS} OFFSET 0) AS p`);
          await query(`CREATE TEMP TABLE bench_postings ON COMMIT DROP AS ${POSTINGS}`);
          const { rows: [counted] } = await query("SELECT count(*)::integer AS postings, count(DISTINCT lexeme)::integer AS lexemes FROM bench_postings");
          postingsPerAdd = counted.postings;
          lexemesPerAdd = counted.lexemes;
          await timed("postings: insert", "INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme) SELECT kb_id, seq, length, tf, lexeme FROM bench_postings");
          await query("CREATE TEMP TABLE bench_heap (LIKE toolgen_postings) ON COMMIT DROP");
          await timed("postings: heap alone", "INSERT INTO bench_heap SELECT kb_id, seq, length, tf, lexeme FROM bench_postings");
          await timed(
            "word counts",
            `INSERT INTO toolgen_lexeme_counts AS c (kb_id, lexeme, documents)
              SELECT kb_id, lexeme, count(*) FROM bench_postings GROUP BY kb_id, lexeme ORDER BY kb_id, lexeme COLLATE "C"
              ON CONFLICT (kb_id, lexeme) DO UPDATE SET documents = c.documents + excluded.documents`,
          );
        });
      }
    }
    progress(`round ${round + 1}/${ROUNDS}: ${parts.map((part) => `${part} ${times[part].at(-1).toFixed(0)}`).join(", ")} ms`);
  }
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  console.log(
    `Knowledge base ${KB} (${documents.toLocaleString("en")} documents): adds of 1,000 stored chunks again, ${postingsPerAdd.toLocaleString("en")} postings ` +
      `of ${lexemesPerAdd.toLocaleString("en")} lexemes each; ${ROUNDS} rounds; load ${loadavg()[0].toFixed(1)}.\n\n| part | ms, each round (sorted) |\n|---|---|`,
  );
  for (const part of parts) console.log(`| ${part} | ${sorted(times[part]).map((ms) => ms.toFixed(0)).join(", ")} |`);
} finally {
  await client.end();
}
