// Where PostgreSQL's postings could live (issue 35, item 3: an add of 1,000 chunks spends most of
// its time inserting ~190,000 postings into toolgen_postings' B-tree, one entry per document and
// word). Two layouts, side by side on the same data in one run:
//
//   rows    toolgen_postings as schema step 2 keeps it: one row per (knowledge base, lexeme,
//           document), primary key (kb_id, lexeme, seq) INCLUDE (tf, length);
//   packed  one row per (knowledge base, lexeme, add): the add's documents of that lexeme in one
//           bigint[] whose elements pack seq << 30 | tf << 20 | length (seq below 2^33, tf below
//           1,024, length below 2^20), primary key (kb_id, lexeme, first_seq), last_seq beside it.
//
// On a database that bench/kb-scale.mjs kept (`--keep`; its stderr gives the URL), this builds the
// packed copy of every posting (an add taken as 1,000 consecutive seqs), then measures:
//   size     each layout's table and index;
//   write    one add's postings (1,000 documents' postings copied under new seqs) inserted as the
//            trigger inserts them, in a transaction rolled back, the two layouts in turn;
//   read     the sum over a word's postings of BM25's length part, as toolgen_top_postings reads
//            them, for words at several frequency ranks (both layouts must give the same sum);
//   probe    one posting by (lexeme, seq), as the probe plans and the MaxScore look-ups do, for
//            2,000 postings of the commonest words.
// It drops its table at the end, but the rolled-back inserts leave dead entries in
// toolgen_postings' index (about 200,000 a round) until VACUUM: run it on a kept copy, not on a
// database in use, and compare layouts within one run, not across runs.
//
// Run: node bench/kb-pg-postings-layout.mjs --database-url <url> [--knowledge-base 1] [--rounds 6]
// Results: issue 35's notes (a measurement for a design, not of the product).
import { loadavg } from "node:os";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    "database-url": { type: "string" },
    "knowledge-base": { type: "string", default: "1" },
    rounds: { type: "string", default: "6" },
  },
});
if (options["database-url"] === undefined) throw new Error("--database-url is required (a database that bench/kb-scale.mjs --keep left)");
const KB = Number(options["knowledge-base"]);
const ROUNDS = Number(options.rounds);
const progress = (line) => process.stderr.write(`[kb-pg-postings-layout] ${line}\n`);

const { default: pg } = await import("pg");
const client = new pg.Client({ connectionString: options["database-url"] });
await client.connect();
const query = (text, values) => client.query(text, values);
const timed = async (text, values) => {
  const start = process.hrtime.bigint();
  const result = await query(text, values);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (bytes) => `${(Number(bytes) / 2 ** 20).toFixed(0)} MB`;

const PACK = `(seq << 30) | (tf::bigint << 20) | length`;
const UNPACK_TF = `((x >> 20) & 1023)`;
const UNPACK_LENGTH = `(x & 1048575)`;

try {
  const { rows: [limits] } = await query(`SELECT max(seq) AS seq, max(tf) AS tf, max(length) AS length, count(*) AS postings FROM toolgen_postings WHERE kb_id = $1`, [KB]);
  if (Number(limits.postings) === 0) throw new Error(`knowledge base ${KB} has no postings`);
  if (limits.seq >= 2 ** 33 || limits.tf >= 1024 || limits.length >= 2 ** 20) throw new Error(`values too large to pack: ${JSON.stringify(limits)}`);
  await query(`SET work_mem = '1GB'`);
  await query(`DROP TABLE IF EXISTS bench_packed_postings`);
  await query(`CREATE TABLE bench_packed_postings (kb_id bigint NOT NULL, lexeme text NOT NULL, first_seq bigint NOT NULL, last_seq bigint NOT NULL, postings bigint[] NOT NULL)`);
  progress(`packing ${Number(limits.postings).toLocaleString("en")} postings`);
  const build = await timed(
    `INSERT INTO bench_packed_postings
     SELECT kb_id, lexeme, min(seq), max(seq), array_agg(${PACK} ORDER BY seq) FROM toolgen_postings WHERE kb_id = $1 GROUP BY kb_id, lexeme, seq / 1000`,
    [KB],
  );
  await query(`ALTER TABLE bench_packed_postings ADD PRIMARY KEY (kb_id, lexeme, first_seq)`);
  await query(`VACUUM ANALYZE bench_packed_postings`);
  await query(`SET work_mem = '64MB'`); // as the triggers
  const { rows: [sizes] } = await query(`
    SELECT pg_relation_size('toolgen_postings') AS rows_heap, pg_indexes_size('toolgen_postings') AS rows_index,
           pg_relation_size('bench_packed_postings') + coalesce(pg_relation_size(reltoastrelid), 0) AS packed_heap, pg_indexes_size('bench_packed_postings') AS packed_index,
           (SELECT count(*) FROM bench_packed_postings) AS packed_rows, pg_database_size(current_database()) AS database
    FROM pg_class WHERE oid = 'bench_packed_postings'::regclass`);

  // Writes: one add's postings, the two layouts in turn, each rolled back.
  const writes = { rows: [], packed: [] };
  const { rows: [range] } = await query(`SELECT min(seq) AS low, max(seq) AS high FROM toolgen_documents WHERE kb_id = $1`, [KB]);
  let addPostings = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const first = Number(range.low) + Math.floor(((round + 0.5) / ROUNDS) * (Number(range.high) - Number(range.low) - 1000));
    await query(`DROP TABLE IF EXISTS bench_new_postings`);
    const copied = await query(
      `CREATE TEMP TABLE bench_new_postings AS SELECT kb_id, seq - $2 + $3 AS seq, length, tf, lexeme FROM toolgen_postings WHERE kb_id = $1 AND seq BETWEEN $2 AND $2 + 999`,
      [KB, first, Number(limits.seq) + 1 + round * 1000],
    );
    addPostings = copied.rowCount;
    const order = round % 2 === 0 ? ["rows", "packed"] : ["packed", "rows"];
    for (const layout of order) {
      await query("BEGIN");
      const { ms } = await timed(
        layout === "rows"
          ? `INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme) SELECT kb_id, seq, length, tf, lexeme FROM bench_new_postings ORDER BY kb_id, lexeme COLLATE "C", seq`
          : `INSERT INTO bench_packed_postings SELECT kb_id, lexeme, min(seq), max(seq), array_agg(${PACK} ORDER BY seq) FROM bench_new_postings GROUP BY kb_id, lexeme ORDER BY kb_id, lexeme COLLATE "C"`,
      );
      await query("ROLLBACK");
      writes[layout].push(ms);
    }
    progress(`write round ${round + 1}/${ROUNDS}: rows ${writes.rows.at(-1).toFixed(0)} ms, packed ${writes.packed.at(-1).toFixed(0)} ms (${addPostings} postings)`);
  }

  // Reads and probes are timed inside the server (a round trip from here costs more than a probe).
  const timedFunction = (name, parameters, body) =>
    query(`CREATE FUNCTION pg_temp.${name}(${parameters}) RETURNS double precision[] LANGUAGE plpgsql AS $$
      DECLARE started timestamptz; answer double precision; BEGIN ${body} END $$`);
  for (const [layout, from, tf, length] of [
    ["rows", "toolgen_postings WHERE kb_id = knowledge_base AND lexeme = word", "tf", "length"],
    ["packed", "bench_packed_postings AS b, unnest(b.postings) AS x WHERE b.kb_id = knowledge_base AND b.lexeme = word", UNPACK_TF, UNPACK_LENGTH],
  ]) {
    // A word's postings summed as toolgen_top_postings sums them (BM25's length part).
    await timedFunction(`bench_read_${layout}`, "knowledge_base bigint, word text", `
      started := clock_timestamp();
      SELECT sum(${tf}::float8 / (${tf} + 0.3 + 0.0125 * ${length})) INTO answer FROM ${from};
      RETURN ARRAY[extract(epoch FROM clock_timestamp() - started) * 1000, answer];`);
  }
  // One posting by (lexeme, seq), for each pair given; µs per probe.
  await timedFunction("bench_probe_rows", "knowledge_base bigint, words text[], seqs bigint[], tfs integer[]", `
    started := clock_timestamp();
    FOR i IN 1 .. cardinality(words) LOOP
      SELECT tf INTO answer FROM toolgen_postings WHERE kb_id = knowledge_base AND lexeme = words[i] AND seq = seqs[i];
      IF answer IS DISTINCT FROM tfs[i] THEN RAISE EXCEPTION 'rows: % %', words[i], seqs[i]; END IF;
    END LOOP;
    RETURN ARRAY[extract(epoch FROM clock_timestamp() - started) * 1e6 / cardinality(words)];`);
  await timedFunction("bench_probe_packed", "knowledge_base bigint, words text[], seqs bigint[], tfs integer[]", `
    started := clock_timestamp();
    FOR i IN 1 .. cardinality(words) LOOP
      SELECT ${UNPACK_TF} INTO answer
      FROM (SELECT postings FROM bench_packed_postings WHERE kb_id = knowledge_base AND lexeme = words[i] AND first_seq <= seqs[i] ORDER BY first_seq DESC LIMIT 1) AS b,
           unnest(b.postings) AS x
      WHERE x >> 30 = seqs[i];
      IF answer IS DISTINCT FROM tfs[i] THEN RAISE EXCEPTION 'packed: % %', words[i], seqs[i]; END IF;
    END LOOP;
    RETURN ARRAY[extract(epoch FROM clock_timestamp() - started) * 1e6 / cardinality(words)];`);

  const { rows: words } = await query(
    `SELECT lexeme, documents, rank FROM (SELECT lexeme, documents, row_number() OVER (ORDER BY documents DESC, lexeme) AS rank FROM toolgen_lexeme_counts WHERE kb_id = $1 AND lexeme !~ '^[#=]') AS w
     WHERE rank IN (1, 10, 100, 1000, 10000) ORDER BY rank`,
    [KB],
  );
  const reads = [];
  for (const word of words) {
    const times = { rows: [], packed: [] };
    const sums = {};
    for (let i = 0; i < 9; i++) {
      for (const layout of i % 2 === 0 ? ["rows", "packed"] : ["packed", "rows"]) {
        const { rows } = await query(`SELECT pg_temp.bench_read_${layout}($1, $2) AS r`, [KB, word.lexeme]);
        const [ms, sum] = rows[0].r;
        sums[layout] = sum;
        if (i > 0) times[layout].push(ms);
      }
    }
    if (Math.abs(sums.rows - sums.packed) > 1e-9 * Math.abs(sums.rows)) throw new Error(`word ${word.lexeme}: rows sum ${sums.rows}, packed ${sums.packed}`);
    reads.push({ rank: Number(word.rank), documents: Number(word.documents), rows: median(times.rows), packed: median(times.packed) });
  }

  const { rows: probes } = await query(
    `SELECT array_agg(p.lexeme) AS words, array_agg(p.seq) AS seqs, array_agg(p.tf::integer) AS tfs
     FROM (SELECT lexeme FROM toolgen_lexeme_counts WHERE kb_id = $1 AND lexeme !~ '^[#=]' ORDER BY documents DESC, lexeme LIMIT 200) AS c
     CROSS JOIN LATERAL (SELECT lexeme, seq, tf FROM toolgen_postings WHERE kb_id = $1 AND lexeme = c.lexeme ORDER BY md5(seq::text) LIMIT 10) AS p`,
    [KB],
  );
  const probeCount = probes[0].words.length;
  const probeTimes = { rows: [], packed: [] };
  for (let pass = 0; pass < 5; pass++) {
    for (const layout of pass % 2 === 0 ? ["rows", "packed"] : ["packed", "rows"]) {
      const { rows } = await query(`SELECT pg_temp.bench_probe_${layout}($1, $2, $3, $4) AS r`, [KB, probes[0].words, probes[0].seqs, probes[0].tfs]);
      if (pass > 0) probeTimes[layout].push(rows[0].r[0]);
    }
  }

  const lines = [
    `Knowledge base ${KB}: ${Number(limits.postings).toLocaleString("en")} postings; packed into ${Number(sizes.packed_rows).toLocaleString("en")} rows in ${(build.ms / 1000).toFixed(1)} s; database ${mb(sizes.database)} with both; load ${loadavg()[0].toFixed(1)}.`,
    "",
    "| | rows | packed | rows / packed |",
    "|---|---:|---:|---:|",
    `| table (with TOAST) | ${mb(sizes.rows_heap)} | ${mb(sizes.packed_heap)} | ${(sizes.rows_heap / sizes.packed_heap).toFixed(2)}x |`,
    `| index | ${mb(sizes.rows_index)} | ${mb(sizes.packed_index)} | ${(sizes.rows_index / sizes.packed_index).toFixed(2)}x |`,
    `| write one add's ${addPostings.toLocaleString("en")} postings, median of ${ROUNDS} (ms) | ${median(writes.rows).toFixed(0)} | ${median(writes.packed).toFixed(0)} | ${(median(writes.rows) / median(writes.packed)).toFixed(2)}x |`,
    ...reads.map((r) => `| read a word's postings, rank ${r.rank} (${r.documents.toLocaleString("en")} documents), ms | ${r.rows.toFixed(3)} | ${r.packed.toFixed(3)} | ${(r.rows / r.packed).toFixed(2)}x |`),
    `| probe one posting (µs, ${probeCount} common words' postings) | ${median(probeTimes.rows).toFixed(1)} | ${median(probeTimes.packed).toFixed(1)} | ${(median(probeTimes.rows) / median(probeTimes.packed)).toFixed(2)}x |`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await query(`DROP TABLE IF EXISTS bench_packed_postings`).catch(() => {});
  await client.end();
}
