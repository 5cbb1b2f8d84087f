// Where the score index's postings should live (its writes ran at 0.077x the ingest rate at 1M
// chunks when they were kept in a B-tree: docs/knowledge-base-deployment.md, known gap 8). Three layouts, side by side
// in one run, each in a database of its own on disk (WAL, synchronous = FULL, as the service):
//
//   fts5     FTS5 alone, as SQLite does without --score-index (the anchor);
//   btree    FTS5, plus the postings as the score index keeps them today: a WITHOUT ROWID table
//            keyed (term, weight DESC, length, seq), each batch's rows inserted term by term;
//   ordered  FTS5, plus the postings in a second contentless FTS5 table (detail=none), one row per
//            document and weight, holding that weight's terms, whose rowid packs (weight DESC,
//            length, seq): FTS5 lists a term's rows in rowid order, which is BM25 order for one
//            word, and writes them as it writes its own index, in segments merged in bulk.
//   grouped  FTS5, plus one row per document in a second contentless FTS5 table (detail=none)
//            whose tokens are (term, weight) pairs ("<term id>w<weight>") and whose rowid packs
//            (length, seq): each pair's rows come out in (length, seq) order, so a weight group is
//            one token, with no limit on the weight; a small table (term, weight DESC) → count
//            says which groups a word has, best first.
//
// Synthetic documents, not the service's: a Zipf vocabulary of 50,000 words, a two-word title and
// 20-99 content words, a `source` of 20 (a filter keeps 5%). Neither the service's scratch FTS5
// table, the per-term document frequencies nor the per-document pairs are written: this measures
// the postings alone. The search reads, for 300 words of middle frequency, the first 10 postings in
// score order whose document passes the filter (a probe of an index on (source, seq)), twice; both
// layouts must answer alike.
//
// Run: node bench/kb-score-postings.mjs [--docs 1000000] [--batch 1000]
// Results: BENCHMARKS.md, "Where the score index's postings could live".
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

const { values: args } = parseArgs({ options: { docs: { type: "string", default: "1000000" }, batch: { type: "string", default: "1000" } } });
const DOCS = Number(args.docs);
const BATCH = Number(args.batch);
const VOCABULARY = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
const SOURCES = 20;
// Bits of the packed rowid: seq 32, length 20, weight 11 (63 in all; larger values are clamped).
const LENGTH_SHIFT = 32n;
const WEIGHT_SHIFT = 52n;
const MAX_WEIGHT = 2047;
// grouped: the rowid packs length (above bit 38) and seq (38 bits).
const GROUPED_LENGTH_SHIFT = 38n;
const SEQ_MASK = 2 ** 38 - 1;

function packedRowid(weight, length, seq) {
  return (BigInt(MAX_WEIGHT - Math.min(weight, MAX_WEIGHT)) << WEIGHT_SHIFT) | (BigInt(Math.min(length, 2 ** 20 - 1)) << LENGTH_SHIFT) | BigInt(seq);
}

function* documents() {
  let state = 42;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const word = () => VOCABULARY[Math.min(VOCABULARY.length - 1, Math.floor(Math.exp(next() * Math.log(VOCABULARY.length)) - 1))];
  for (let seq = 1; seq <= DOCS; seq++) {
    const title = [word(), word()];
    const content = Array.from({ length: 20 + Math.floor(next() * 80) }, word);
    yield { seq, title, content, source: `s${seq % SOURCES}` };
  }
}

/** (term, weight) of a document, title twice content, as the rank function weighs them. */
function weights(document) {
  const byTerm = new Map();
  for (const term of document.title) byTerm.set(term, (byTerm.get(term) ?? 0) + 2);
  for (const term of document.content) byTerm.set(term, (byTerm.get(term) ?? 0) + 1);
  return byTerm;
}

function run(layout) {
  const dir = mkdtempSync(join(tmpdir(), `kb-score-postings-${layout}-`));
  const db = new Database(join(dir, "postings.sqlite3"));
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.exec(`
      CREATE TABLE docs (seq INTEGER PRIMARY KEY, source TEXT NOT NULL, content TEXT NOT NULL);
      CREATE INDEX docs_source ON docs (source, seq);
      CREATE VIRTUAL TABLE words USING fts5(title, content, content='', contentless_delete=1, tokenize='unicode61');
      CREATE TABLE postings (term INTEGER NOT NULL, weight INTEGER NOT NULL, length INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (term, weight DESC, length, seq)) WITHOUT ROWID;
      CREATE VIRTUAL TABLE ordered USING fts5(terms, content='', contentless_delete=1, detail=none, tokenize='ascii');
      CREATE VIRTUAL TABLE grouped USING fts5(pairs, content='', contentless_delete=1, detail=none, tokenize='ascii');
      CREATE TABLE groups (term INTEGER NOT NULL, weight INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (term, weight DESC)) WITHOUT ROWID;
    `);
    const termIds = new Map(VOCABULARY.map((term, id) => [term, id]));
    const insertDoc = db.prepare("INSERT INTO docs (seq, source, content) VALUES (?, ?, ?)");
    const index = db.prepare("INSERT INTO words (rowid, title, content) VALUES (?, ?, ?)");
    const insertPosting = db.prepare("INSERT INTO postings (term, weight, length, seq) VALUES (?, ?, ?, ?)");
    const insertOrdered = db.prepare("INSERT INTO ordered (rowid, terms) VALUES (?, ?)");
    const insertGrouped = db.prepare("INSERT INTO grouped (rowid, pairs) VALUES (?, ?)");
    const countGroup = db.prepare("INSERT INTO groups (term, weight, count) VALUES (?, ?, ?) ON CONFLICT (term, weight) DO UPDATE SET count = count + excluded.count");
    const write = db.transaction((batch) => {
      const postings = [];
      for (const document of batch) {
        const content = document.content.join(" ");
        insertDoc.run(document.seq, document.source, content);
        index.run(document.seq, document.title.join(" "), content);
        if (layout === "fts5") continue;
        const length = document.title.length + document.content.length;
        if (layout === "btree") {
          for (const [term, weight] of weights(document)) postings.push([termIds.get(term), weight, length, document.seq]);
        } else if (layout === "grouped") {
          const pairs = [];
          for (const [term, weight] of weights(document)) {
            const id = termIds.get(term);
            pairs.push(`${id}w${weight}`);
            postings.push([id, weight, 1, 0]);
          }
          insertGrouped.run((BigInt(length) << GROUPED_LENGTH_SHIFT) | BigInt(document.seq), pairs.join(" "));
        } else {
          const byWeight = new Map();
          for (const [term, weight] of weights(document)) byWeight.set(weight, [...(byWeight.get(weight) ?? []), term]);
          for (const [weight, terms] of byWeight) insertOrdered.run(packedRowid(weight, length, document.seq), terms.join(" "));
        }
      }
      postings.sort((a, b) => a[0] - b[0] || b[1] - a[1] || a[2] - b[2] || a[3] - b[3]);
      if (layout === "grouped") {
        // One upsert per (term, weight) of the batch.
        for (let i = 0; i < postings.length; ) {
          let j = i;
          while (j < postings.length && postings[j][0] === postings[i][0] && postings[j][1] === postings[i][1]) j++;
          countGroup.run(postings[i][0], postings[i][1], j - i);
          i = j;
        }
      } else for (const posting of postings) insertPosting.run(...posting);
    });
    const started = process.hrtime.bigint();
    let batch = [];
    for (const document of documents()) {
      batch.push(document);
      if (batch.length === BATCH) {
        write(batch);
        batch = [];
      }
    }
    if (batch.length > 0) write(batch);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    db.pragma("wal_checkpoint(TRUNCATE)");
    const megabytes = (db.prepare("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()").pluck().get() / 1e6).toFixed(0);

    const words = Array.from({ length: 300 }, (_, i) => VOCABULARY[50 + i * 7]);
    const search =
      layout === "btree"
        ? (() => {
            const statement = db.prepare("SELECT seq FROM postings WHERE term = ? AND EXISTS (SELECT 1 FROM docs WHERE source = ? AND docs.seq = postings.seq) ORDER BY weight DESC, length, seq LIMIT 10").pluck();
            return (word, source) => statement.all(termIds.get(word), source);
          })()
        : layout === "ordered"
          ? (() => {
              const statement = db
                .prepare("SELECT rowid & 4294967295 FROM ordered WHERE ordered MATCH ? AND EXISTS (SELECT 1 FROM docs WHERE source = ? AND seq = (ordered.rowid & 4294967295)) ORDER BY rowid LIMIT 10")
                .pluck();
              return (word, source) => statement.all(`"${word}"`, source);
            })()
          : layout === "grouped"
            ? (() => {
                const groups = db.prepare("SELECT weight FROM groups WHERE term = ? ORDER BY weight DESC").pluck();
                const statement = db
                  .prepare(`SELECT rowid & ${SEQ_MASK} FROM grouped WHERE grouped MATCH ? AND EXISTS (SELECT 1 FROM docs WHERE source = ? AND seq = (grouped.rowid & ${SEQ_MASK})) ORDER BY rowid LIMIT ?`)
                  .pluck();
                return (word, source) => {
                  const id = termIds.get(word);
                  const found = [];
                  for (const weight of groups.iterate(id)) {
                    found.push(...statement.all(`"${id}w${weight}"`, source, 10 - found.length));
                    if (found.length === 10) break;
                  }
                  return found;
                };
              })()
            : undefined;
    let latency;
    let answers;
    if (search !== undefined) {
      const times = [];
      for (let round = 0; round < 2; round++) {
        for (const [i, word] of words.entries()) {
          const start = process.hrtime.bigint();
          search(word, `s${i % SOURCES}`);
          times.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      }
      times.sort((a, b) => a - b);
      latency = { p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] };
      answers = words.map((word, i) => search(word, `s${i % SOURCES}`).join(","));
    }
    return { layout, perSecond: DOCS / seconds, megabytes: Number(megabytes), latency, answers };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.stderr.write(`kb-score-postings: ${DOCS.toLocaleString("en")} documents, batches of ${BATCH}, load ${loadavg()[0].toFixed(2)}\n`);
const results = [];
for (const layout of (process.env.LAYOUTS ?? "fts5,btree,ordered,grouped").split(",")) {
  results.push(run(layout));
  process.stderr.write(`  ${layout} done, load ${loadavg()[0].toFixed(2)}\n`);
}
const anchor = results.find((result) => result.layout === "fts5");
const btree = results.find((result) => result.layout === "btree");
const reference = btree ?? results.find((result) => result.answers !== undefined);
for (const other of results) if (other.answers !== undefined && other.answers.join("|") !== reference.answers.join("|")) throw new Error(`the btree and ${other.layout} layouts answered differently`);
console.log(`| ${DOCS.toLocaleString("en")} documents | ingest (docs/s) | vs FTS5 alone | database (MB) | one word + filter p50 / p99 (ms) |`);
console.log("|---|---:|---:|---:|---|");
for (const result of results) {
  const latency = result.latency === undefined ? "" : `${result.latency.p50.toFixed(3)} / ${result.latency.p99.toFixed(3)}`;
  console.log(`| ${result.layout} | ${Math.round(result.perSecond).toLocaleString("en")} | ${(result.perSecond / anchor.perSecond).toFixed(3)}× | ${result.megabytes} | ${latency} |`);
}
for (const other of btree === undefined ? [] : results.filter((result) => result.answers !== undefined && result !== btree)) {
  console.log(`\n${other.layout} vs btree: ingest ${(other.perSecond / btree.perSecond).toFixed(2)}×, postings' space ${((other.megabytes - anchor.megabytes) / (btree.megabytes - anchor.megabytes)).toFixed(2)}×; 300 of 300 answers alike.`);
}
