// Where PostgreSQL's postings could live (issue 35, item 3: an add of 1,000 chunks spends most of
// its time inserting ~190,000 postings into toolgen_postings' B-tree, one entry per document and
// word). Layouts, side by side on the same data in one run:
//
//   rows      toolgen_postings as schema step 2 keeps it: one row per (knowledge base, lexeme,
//             document), primary key (kb_id, lexeme, seq) INCLUDE (tf, length);
//   packed    one row per (knowledge base, lexeme, add): the add's documents of that lexeme in one
//             bigint[] whose elements pack seq << 30 | tf << 20 | length (seq below 2^33, tf below
//             1,024, length below 2^20), primary key (kb_id, lexeme, first_seq), last_seq beside it;
//             PostgreSQL compresses and moves out of line any row past ~2 kB (TOAST);
//   plain     the same rows stored uncompressed and in line up to a page (STORAGE EXTERNAL,
//             toast_tuple_target 8160): what TOAST costs the packed reads;
//   arrays    the same rows as three arrays, seq - first_seq (integer[]), tf (smallint[]) and
//             length (integer[]), read with one unnest of the three: what the bit unpacking costs.
//
// On a database that bench/kb-scale.mjs kept (`--keep`; its stderr gives the URL), this builds the
// packed copies of every posting (an add taken as 1,000 consecutive seqs), then measures:
//   size     each layout's table and index;
//   write    one add's postings (1,000 documents' postings copied under new seqs) inserted as the
//            trigger inserts them, in a transaction rolled back, the layouts in turn;
//   read     the sum over a word's postings of BM25's length part, as toolgen_top_postings reads
//            them, for words at several frequency ranks (every layout must give the same sum);
//   probe    one posting by (lexeme, seq), as the probe plans and the MaxScore look-ups do, for
//            2,000 postings of the commonest words.
// It drops its tables at the end, but the rolled-back inserts leave dead entries in
// toolgen_postings' index (about 200,000 a round) until VACUUM: run it on a kept copy, not on a
// database in use, and compare layouts within one run, not across runs.
//
// Run: node bench/kb-pg-postings-layout.mjs --database-url <url> [--knowledge-base 1] [--rounds 6]
// Results: issue 35's notes and docs/knowledge-base-deployment.md, known gap 6 (a measurement for
// a design, not of the product).
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
const BIT_PACKED = {
  columns: "postings bigint[] NOT NULL",
  // The rows of postings `source` (kb_id, seq, length, tf, lexeme): one add's, or with `build` every
  // add's, an add taken as 1,000 consecutive seqs.
  rows: (source, build) => `SELECT kb_id, lexeme, min(seq), max(seq), array_agg(${PACK} ORDER BY seq) FROM ${source} GROUP BY kb_id, lexeme${build ? ", seq / 1000" : ""}`,
  unnest: "unnest(b.postings) AS x",
  tf: "((x >> 20) & 1023)",
  length: "(x & 1048575)",
  probe: (seq) => `(SELECT (x >> 20) & 1023 FROM unnest(b.postings) AS x WHERE x >> 30 = ${seq})`,
};
/** Each packed layout: its table's columns and settings, and how it is written, read and probed. */
const PACKED_LAYOUTS = {
  packed: BIT_PACKED,
  plain: { ...BIT_PACKED, settings: (table) => [`ALTER TABLE ${table} ALTER COLUMN postings SET STORAGE EXTERNAL`, `ALTER TABLE ${table} SET (toast_tuple_target = 8160)`] },
  arrays: {
    columns: "seqs integer[] NOT NULL, tfs smallint[] NOT NULL, lengths integer[] NOT NULL",
    // first_seq is a bound below every seq of the row, the same for one add's rows (its first seq).
    rows: (source, build) =>
      !build
        ? `SELECT kb_id, lexeme, f.first, max(seq), array_agg((seq - f.first)::integer ORDER BY seq), array_agg(tf ORDER BY seq), array_agg(length ORDER BY seq)
           FROM ${source}, (SELECT min(seq) AS first FROM ${source}) AS f GROUP BY kb_id, lexeme, f.first`
        : `SELECT kb_id, lexeme, seq / 1000 * 1000 AS first, max(seq), array_agg((seq - seq / 1000 * 1000)::integer ORDER BY seq), array_agg(tf ORDER BY seq), array_agg(length ORDER BY seq)
           FROM ${source} GROUP BY kb_id, lexeme, seq / 1000`,
    unnest: "unnest(b.seqs, b.tfs, b.lengths) AS x (offset_seq, tf, length)",
    tf: "x.tf",
    length: "x.length",
    probe: (seq) => `b.tfs[array_position(b.seqs, (${seq} - b.first_seq)::integer)]`,
  },
};
const LAYOUTS = ["rows", ...Object.keys(PACKED_LAYOUTS)];
const tableOf = (layout) => `bench_${layout}_postings`;
const dropAll = async () => {
  for (const layout of Object.keys(PACKED_LAYOUTS)) await query(`DROP TABLE IF EXISTS ${tableOf(layout)}`);
};
/** The layouts in an order that turns with the round, so none always goes first. */
const turned = (round) => LAYOUTS.map((_, i) => LAYOUTS[(i + round) % LAYOUTS.length]);

try {
  const { rows: [limits] } = await query(`SELECT max(seq) AS seq, max(tf) AS tf, max(length) AS length, count(*) AS postings FROM toolgen_postings WHERE kb_id = $1`, [KB]);
  if (Number(limits.postings) === 0) throw new Error(`knowledge base ${KB} has no postings`);
  if (limits.seq >= 2 ** 33 || limits.tf >= 1024 || limits.length >= 2 ** 20) throw new Error(`values too large to pack: ${JSON.stringify(limits)}`);
  await query(`SET work_mem = '1GB'`);
  await dropAll();
  const builds = {};
  for (const [layout, packed] of Object.entries(PACKED_LAYOUTS)) {
    const table = tableOf(layout);
    await query(`CREATE TABLE ${table} (kb_id bigint NOT NULL, lexeme text NOT NULL, first_seq bigint NOT NULL, last_seq bigint NOT NULL, ${packed.columns})`);
    for (const setting of packed.settings?.(table) ?? []) await query(setting);
    progress(`${layout}: packing ${Number(limits.postings).toLocaleString("en")} postings`);
    const source = `(SELECT * FROM toolgen_postings WHERE kb_id = ${KB}) AS p`;
    builds[layout] = await timed(`INSERT INTO ${table} ${packed.rows(source, true)}`);
    await query(`ALTER TABLE ${table} ADD PRIMARY KEY (kb_id, lexeme, first_seq)`);
    await query(`VACUUM ANALYZE ${table}`);
  }
  await query(`SET work_mem = '64MB'`); // as the triggers
  const sizes = { rows: (await query(`SELECT pg_relation_size('toolgen_postings') AS heap, pg_indexes_size('toolgen_postings') AS index`)).rows[0] };
  for (const layout of Object.keys(PACKED_LAYOUTS)) {
    const { rows: [size] } = await query(
      `SELECT pg_relation_size(oid) + coalesce(pg_total_relation_size(reltoastrelid), 0) AS heap, pg_indexes_size(oid) AS index, (SELECT count(*) FROM ${tableOf(layout)}) AS rows
       FROM pg_class WHERE oid = $1::regclass`,
      [tableOf(layout)],
    );
    sizes[layout] = size;
  }
  const { rows: [{ database }] } = await query(`SELECT pg_database_size(current_database()) AS database`);

  // Writes: one add's postings, the layouts in turn, each rolled back.
  const writes = Object.fromEntries(LAYOUTS.map((layout) => [layout, []]));
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
    for (const layout of turned(round)) {
      await query("BEGIN");
      const { ms } = await timed(
        layout === "rows"
          ? `INSERT INTO toolgen_postings (kb_id, seq, length, tf, lexeme) SELECT kb_id, seq, length, tf, lexeme FROM bench_new_postings ORDER BY kb_id, lexeme COLLATE "C", seq`
          : `INSERT INTO ${tableOf(layout)} ${PACKED_LAYOUTS[layout].rows("bench_new_postings", false)} ORDER BY kb_id, lexeme COLLATE "C"`,
      );
      await query("ROLLBACK");
      writes[layout].push(ms);
    }
    progress(`write round ${round + 1}/${ROUNDS}: ${LAYOUTS.map((layout) => `${layout} ${writes[layout].at(-1).toFixed(0)} ms`).join(", ")} (${addPostings} postings)`);
  }

  // Reads and probes are timed inside the server (a round trip from here costs more than a probe).
  const timedFunction = (name, parameters, body) =>
    query(`CREATE FUNCTION pg_temp.${name}(${parameters}) RETURNS double precision[] LANGUAGE plpgsql AS $$
      DECLARE started timestamptz; answer double precision; BEGIN ${body} END $$`);
  const readFrom = {
    rows: ["toolgen_postings WHERE kb_id = knowledge_base AND lexeme = word", "tf", "length"],
    ...Object.fromEntries(
      Object.entries(PACKED_LAYOUTS).map(([layout, packed]) => [
        layout,
        [`${tableOf(layout)} AS b, ${packed.unnest} WHERE b.kb_id = knowledge_base AND b.lexeme = word`, packed.tf, packed.length],
      ]),
    ),
  };
  for (const [layout, [from, tf, length]] of Object.entries(readFrom)) {
    // A word's postings summed as toolgen_top_postings sums them (BM25's length part).
    await timedFunction(`bench_read_${layout}`, "knowledge_base bigint, word text", `
      started := clock_timestamp();
      SELECT sum(${tf}::float8 / (${tf} + 0.3 + 0.0125 * ${length})) INTO answer FROM ${from};
      RETURN ARRAY[extract(epoch FROM clock_timestamp() - started) * 1000, answer];`);
  }
  // One posting by (lexeme, seq), for each pair given; µs per probe.
  const probeLoop = (layout, lookup) =>
    timedFunction(`bench_probe_${layout}`, "knowledge_base bigint, probe_words text[], probe_seqs bigint[], probe_tfs integer[]", `
      started := clock_timestamp();
      FOR i IN 1 .. cardinality(probe_words) LOOP
        ${lookup}
        IF answer IS DISTINCT FROM probe_tfs[i] THEN RAISE EXCEPTION '${layout}: % %', probe_words[i], probe_seqs[i]; END IF;
      END LOOP;
      RETURN ARRAY[extract(epoch FROM clock_timestamp() - started) * 1e6 / cardinality(probe_words)];`);
  await probeLoop("rows", "SELECT tf INTO answer FROM toolgen_postings WHERE kb_id = knowledge_base AND lexeme = probe_words[i] AND seq = probe_seqs[i];");
  for (const [layout, packed] of Object.entries(PACKED_LAYOUTS)) {
    await probeLoop(
      layout,
      `SELECT ${packed.probe("probe_seqs[i]")} INTO answer
       FROM (SELECT * FROM ${tableOf(layout)} WHERE kb_id = knowledge_base AND lexeme = probe_words[i] AND first_seq <= probe_seqs[i] ORDER BY first_seq DESC LIMIT 1) AS b;`,
    );
  }

  const { rows: words } = await query(
    `SELECT lexeme, documents, rank FROM (SELECT lexeme, documents, row_number() OVER (ORDER BY documents DESC, lexeme) AS rank FROM toolgen_lexeme_counts WHERE kb_id = $1 AND lexeme !~ '^[#=]') AS w
     WHERE rank IN (1, 10, 100, 1000, 10000) ORDER BY rank`,
    [KB],
  );
  const reads = [];
  for (const word of words) {
    const times = Object.fromEntries(LAYOUTS.map((layout) => [layout, []]));
    const sums = {};
    for (let i = 0; i < 9; i++) {
      for (const layout of turned(i)) {
        const { rows } = await query(`SELECT pg_temp.bench_read_${layout}($1, $2) AS r`, [KB, word.lexeme]);
        const [ms, sum] = rows[0].r;
        sums[layout] = sum;
        if (i > 0) times[layout].push(ms);
      }
    }
    for (const layout of LAYOUTS) {
      if (Math.abs(sums.rows - sums[layout]) > 1e-9 * Math.abs(sums.rows)) throw new Error(`word ${word.lexeme}: rows sum ${sums.rows}, ${layout} ${sums[layout]}`);
    }
    reads.push({ rank: Number(word.rank), documents: Number(word.documents), ...Object.fromEntries(LAYOUTS.map((layout) => [layout, median(times[layout])])) });
  }

  const { rows: probes } = await query(
    `SELECT array_agg(p.lexeme) AS words, array_agg(p.seq) AS seqs, array_agg(p.tf::integer) AS tfs
     FROM (SELECT lexeme FROM toolgen_lexeme_counts WHERE kb_id = $1 AND lexeme !~ '^[#=]' ORDER BY documents DESC, lexeme LIMIT 200) AS c
     CROSS JOIN LATERAL (SELECT lexeme, seq, tf FROM toolgen_postings WHERE kb_id = $1 AND lexeme = c.lexeme ORDER BY md5(seq::text) LIMIT 10) AS p`,
    [KB],
  );
  const probeCount = probes[0].words.length;
  const probeTimes = Object.fromEntries(LAYOUTS.map((layout) => [layout, []]));
  for (let pass = 0; pass < 5; pass++) {
    for (const layout of turned(pass)) {
      const { rows } = await query(`SELECT pg_temp.bench_probe_${layout}($1, $2, $3, $4) AS r`, [KB, probes[0].words, probes[0].seqs, probes[0].tfs]);
      if (pass > 0) probeTimes[layout].push(rows[0].r[0]);
    }
  }

  const packedNames = Object.keys(PACKED_LAYOUTS);
  const row = (label, values, digits, better = "less") =>
    `| ${label} | ${values.rows.toFixed(digits)} | ${packedNames.map((layout) => `${values[layout].toFixed(digits)} (${(better === "less" ? values.rows / values[layout] : values[layout] / values.rows).toFixed(2)}x)`).join(" | ")} |`;
  const writeMedians = Object.fromEntries(LAYOUTS.map((layout) => [layout, median(writes[layout])]));
  const probeMedians = Object.fromEntries(LAYOUTS.map((layout) => [layout, median(probeTimes[layout])]));
  const sizeMb = (part) => Object.fromEntries(LAYOUTS.map((layout) => [layout, Number(sizes[layout][part]) / 2 ** 20]));
  const lines = [
    `Knowledge base ${KB}: ${Number(limits.postings).toLocaleString("en")} postings; packed into ${Number(sizes.packed.rows).toLocaleString("en")} rows (${packedNames.map((layout) => `${layout} in ${(builds[layout].ms / 1000).toFixed(1)} s`).join(", ")}); database ${mb(database)} with all; load ${loadavg()[0].toFixed(1)}.`,
    "In parentheses: rows / layout, so above 1x the layout is smaller or faster.",
    "",
    `| | rows | ${packedNames.join(" | ")} |`,
    `|---|---:|${packedNames.map(() => "---:|").join("")}`,
    row("table with TOAST (MB)", sizeMb("heap"), 0),
    row("index (MB)", sizeMb("index"), 0),
    row(`write one add's ${addPostings.toLocaleString("en")} postings, median of ${ROUNDS} (ms)`, writeMedians, 0),
    ...reads.map((r) => row(`read a word's postings, rank ${r.rank} (${r.documents.toLocaleString("en")} documents), ms`, r, 3)),
    row(`probe one posting (µs, ${probeCount} common words' postings)`, probeMedians, 1),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await dropAll().catch(() => {});
  await client.end();
}
