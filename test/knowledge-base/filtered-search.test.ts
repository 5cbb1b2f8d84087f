/**
 * A filter restricts a ranking; it never changes one. On every backend, for seeded random corpora
 * (worn by replacements and deletes), queries and filters, a filtered search answers exactly the
 * unfiltered ranking of all matches with the documents that fail the filter taken out, cut to
 * topK: the same ids, in the same order, with the same scores (and an unfiltered search's topK
 * are that ranking's first, ties at the cut included). Whatever plan a backend picks for a
 * filtered search (text first, filter first, a score-ordered walk), this is what it must give; the
 * predicate below is the protocol's (filters.ts), written again independently of any backend.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Term, TermValue } from "../../src/knowledge-base/service/filters.js";
import { indexDocuments } from "../../src/knowledge-base/service/index-documents.js";
import { openStorage } from "../../src/knowledge-base/service/open-storage.js";
import { queryGrams, queryWords } from "../../src/knowledge-base/service/query-words.js";
import type { KnowledgeBaseStorage, NewDocument, ScoredDocument } from "../../src/knowledge-base/service/storage.js";
import { seededRandom } from "../support/seeded-random.js";
import { BACKENDS } from "./backends.js";
import { postingsMismatches } from "./postgres-postings.js";

const ENGLISH = "river stone maple cedar harbor lantern copper meadow falcon orchid amber glacier canyon willow ember quartz".split(" ");
const CHINESE = "河流 石头 枫树 港口 灯笼 铜矿 草地 猎鹰 大熊猫 绿茶".split(" ");
const TITLES = ["notes", "guide", "river guide", "港口指南"];
const GROUPS = ["alpha", "beta", "gamma", "delta", "epsilon"];
const TAGS = ["red", "green", "blue"];

/** Every match of a query must fit in the reference search's topK. */
const DOCUMENTS = 90;
const ALL = 1000;

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** Skewed word draws (the first words far more often), so that words are common and rare. */
function word(rng: () => number, words: readonly string[]): string {
  return words[Math.floor(rng() ** 2 * words.length)]!;
}

function randomDocument(rng: () => number, id: string): NewDocument {
  const chinese = rng() < 0.35;
  const words = Array.from({ length: 3 + Math.floor(rng() * 25) }, () => word(rng, chinese && rng() < 0.8 ? CHINESE : ENGLISH));
  const metadata: Record<string, unknown> = {};
  if (rng() < 0.9) metadata.group = pick(rng, GROUPS);
  if (rng() < 0.7) metadata.n = Math.floor(rng() * 4);
  if (rng() < 0.5) metadata.flag = rng() < 0.5;
  // An array matches a term when one element equals it.
  if (rng() < 0.5) metadata.tags = TAGS.filter(() => rng() < 0.4);
  // The same value under types that must not match each other: "1" is not 1, true is not "true".
  if (rng() < 0.3) metadata.mixed = pick(rng, ["1", 1, true, "true"]);
  return { id, title: pick(rng, TITLES), content: words.join(chinese ? "" : " "), metadata };
}

function randomTerm(rng: () => number): Term {
  const kind = Math.floor(rng() * 7);
  if (kind === 0) return { key: "title", value: pick(rng, TITLES) };
  if (kind === 1) return { key: "n", value: Math.floor(rng() * 5) };
  if (kind === 2) return { key: "flag", value: rng() < 0.5 };
  if (kind === 3) return { key: "tags", value: pick(rng, TAGS) };
  if (kind === 4) return { key: "mixed", value: pick(rng, ["1", 1, true, "true"] as TermValue[]) };
  if (kind === 5) return { key: "absent", value: "x" };
  return { key: "group", value: pick(rng, GROUPS) };
}

/** The protocol's filter (filters.ts): every term holds; JSON types compare apart; an array holds its elements. */
function passes(document: { title: string; metadata: Record<string, unknown> }, terms: readonly Term[]): boolean {
  return terms.every(({ key, value }) => {
    if (key === "title") return document.title === value;
    const held = document.metadata[key];
    return Array.isArray(held) ? held.some((element) => element === value) : held === value;
  });
}

function randomQuery(rng: () => number): string {
  const count = 1 + Math.floor(rng() * 3);
  const chinese = rng() < 0.35;
  // A word of two tokens (as node.js or 3.5), which only matches where they stand side by side.
  const dotted = !chinese && rng() < 0.3 ? [`${word(rng, ENGLISH)}.${word(rng, ENGLISH)}`] : [];
  return [...dotted, ...Array.from({ length: count }, () => word(rng, chinese ? CHINESE : ENGLISH))].join(chinese ? "" : " ");
}

const answer = (hits: readonly ScoredDocument[]) => hits.map((hit) => ({ id: hit.id, score: hit.score }));

/** The property on one seeded corpus: 40 random filtered searches, each against the unfiltered ranking. */
async function checkCorpus(storage: KnowledgeBaseStorage, seed: number): Promise<void> {
  const rng = seededRandom(7_700 + seed);
  const { id: knowledgeBaseId } = await storage.createKnowledgeBase(`filtered-${seed}`);
  for (let start = 0; start < DOCUMENTS; start += 30) {
    const batch = Array.from({ length: 30 }, (_, i) => randomDocument(rng, `doc-${start + i}`));
    await storage.addDocuments(knowledgeBaseId, await indexDocuments(batch));
  }
  // Worn: replaced documents keep their place with new text and metadata, deleted ones leave.
  const replaced = Array.from({ length: 12 }, () => randomDocument(rng, `doc-${Math.floor(rng() * DOCUMENTS)}`));
  await storage.addDocuments(knowledgeBaseId, await indexDocuments(replaced));
  await storage.deleteDocuments(knowledgeBaseId, Array.from({ length: 8 }, () => `doc-${Math.floor(rng() * DOCUMENTS)}`));
  const { documents } = await storage.listDocuments(knowledgeBaseId, 0, ALL);
  const stored = new Map(documents.map((document) => [document.id, document]));

  let nonEmpty = 0;
  for (let q = 0; q < 40; q++) {
    const query = randomQuery(rng);
    const terms = Array.from({ length: 1 + Math.floor(rng() * 2) }, () => randomTerm(rng));
    const topK = pick(rng, [1, 3, 10]);
    const words = queryWords(query);
    const grams = queryGrams(query);
    const everything = await storage.search(knowledgeBaseId, words, ALL, [], grams);
    expect(everything.length).toBeLessThan(ALL);
    const expected = everything.filter((hit) => passes(stored.get(hit.id)!, terms)).slice(0, topK);
    const filtered = await storage.search(knowledgeBaseId, words, topK, terms, grams);
    expect(answer(filtered), `${query} ${JSON.stringify(terms)} topK ${topK}`).toEqual(answer(expected));
    // Unfiltered too, the top k are the ranking's first k: a tie at the cut goes to the earlier document.
    const top = await storage.search(knowledgeBaseId, words, topK, [], grams);
    expect(answer(top), `${query} topK ${topK}`).toEqual(answer(everything.slice(0, topK)));
    if (expected.length > 0) nonEmpty++;
  }
  // The property says something only when filters keep some matches and drop others.
  expect(nonEmpty).toBeGreaterThan(10);
}

/** Values and keys far longer than a word (PostgreSQL keeps a long one's posting as a hash): filtered on exactly. */
async function checkLongValues(storage: KnowledgeBaseStorage): Promise<void> {
  // Random letters, which PostgreSQL cannot compress into an index entry.
  const rng = seededRandom(99);
  const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(rng() * 26))).join("");
  const long = letters(3000);
  const key = letters(3000);
  const { id } = await storage.createKnowledgeBase("long-values");
  await storage.addDocuments(
    id,
    await indexDocuments([
      { id: "a", title: "", content: "river", metadata: { note: `${long}a` } },
      { id: "b", title: "", content: "river", metadata: { note: `${long}b` } },
      { id: "c", title: "", content: "river", metadata: { [key]: "v" } },
      { id: "d", title: "", content: "river", metadata: { tags: [`${long}a`, "short"] } },
      { id: "e", title: `${long}a`, content: "river", metadata: {} },
      { id: "f", title: `${long}b`, content: "river", metadata: {} },
      // A filter's `title` is the document's title, never a metadata key of that name.
      { id: "g", title: "plain", content: "river", metadata: { title: "meta" } },
    ]),
  );
  const ids = async (terms: Term[]) => (await storage.search(id, queryWords("river"), 10, terms, [])).map((hit) => hit.id).sort();
  expect(await ids([{ key: "note", value: `${long}a` }])).toEqual(["a"]);
  expect(await ids([{ key: "note", value: long }])).toEqual([]);
  expect(await ids([{ key: "tags", value: `${long}a` }])).toEqual(["d"]);
  expect(await ids([{ key, value: "v" }])).toEqual(["c"]);
  expect(await ids([{ key, value: "w" }])).toEqual([]);
  expect(await ids([{ key: "title", value: `${long}a` }])).toEqual(["e"]);
  expect(await ids([{ key: "title", value: long }])).toEqual([]);
  expect(await ids([{ key: "title", value: "meta" }])).toEqual([]);
  expect(await ids([{ key: "title", value: "plain" }])).toEqual(["g"]);
  // Replaced: the old long value no longer holds, the new one does.
  await storage.addDocuments(id, await indexDocuments([{ id: "a", title: "", content: "river", metadata: { note: `${long}b` } }]));
  expect(await ids([{ key: "note", value: `${long}a` }])).toEqual([]);
  expect(await ids([{ key: "note", value: `${long}b` }])).toEqual(["a", "b"]);
  await storage.addDocuments(id, await indexDocuments([{ id: "e", title: `${long}b`, content: "river", metadata: {} }]));
  expect(await ids([{ key: "title", value: `${long}a` }])).toEqual([]);
  expect(await ids([{ key: "title", value: `${long}b` }])).toEqual(["e", "f"]);
}

describe.each(BACKENDS)("filtered search equals the unfiltered ranking restricted to the filter ($name)", (backend) => {
  let storage: KnowledgeBaseStorage;
  beforeAll(async () => {
    await backend.setUp();
    storage = await openStorage(await backend.place());
  });
  afterAll(async () => {
    await storage?.close();
    await backend.tearDown();
  });

  it.each([1, 2, 3])("corpus %i", (seed) => checkCorpus(storage, seed));
  it("long values and keys", () => checkLongValues(storage));
});

// PostgreSQL chooses among three plans by counts (facet-postings-step.ts): each forced here, so
// that all are held to the property whatever the corpora's counts would choose.
const postgres = BACKENDS.find((backend) => backend.name === "postgres")!;
describe.each([
  { plan: "probe", readsFacets: true },
  { plan: "join", readsFacets: true },
  { plan: "text", readsFacets: false },
])("filtered search on PostgreSQL, the $plan plan forced", ({ plan, readsFacets }) => {
  let storage: KnowledgeBaseStorage;
  let databaseUrl: string;
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await postgres.setUp();
    const place = await postgres.place();
    databaseUrl = (place as { databaseUrl: string }).databaseUrl;
    storage = await openStorage(place);
    await sql(
      `CREATE OR REPLACE FUNCTION toolgen_filtered_plan(postings double precision, fewest double precision, words integer, documents double precision) RETURNS text LANGUAGE sql STABLE AS $$ SELECT '${plan}' $$`,
    );
  });
  afterAll(async () => {
    await storage?.close();
    await postgres.tearDown();
  });

  it.each([1, 2, 3])("corpus %i", (seed) => checkCorpus(storage, seed));
  it("long values and keys", () => checkLongValues(storage));

  it("the postings, the metadata terms' included, say what the documents say", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect(await postingsMismatches(client)).toMatchObject({ extra: 0, missing: 0, wrongCounts: 0, wrongLexemeCounts: 0, wrongQueue: 0 });
    } finally {
      await client.end();
    }
  });

  // That the plan forced is the plan taken: only the filter-first plan reads the metadata terms' postings.
  it(readsFacets ? "reads the filter's postings" : "reads no filter postings", async () => {
    const { id } = await storage.createKnowledgeBase("plan");
    await storage.addDocuments(id, await indexDocuments([1, 2, 3].map((n) => ({ id: `d${n}`, title: "t", content: "river stone", metadata: { group: "alpha" } }))));
    const search = () => storage.search(id, queryWords("river"), 10, [{ key: "group", value: "alpha" }], []);
    expect(await search()).toHaveLength(3);
    const byTitle = () => storage.search(id, queryWords("river"), 10, [{ key: "title", value: "t" }], []);
    expect(await byTitle()).toHaveLength(3);
    await sql(`DELETE FROM toolgen_postings WHERE kb_id = ${id} AND lexeme LIKE '=%'`);
    expect(await search()).toHaveLength(readsFacets ? 0 : 3);
    // A title filter plans as a metadata filter does (schema step 11).
    expect(await byTitle()).toHaveLength(readsFacets ? 0 : 3);
  });
});


// The model's choices (probe-cost-step.ts), at the sizes they were measured at: the filter's
// documents looked up when the filter is narrow and the words common, the postings merged when the
// filter is broad, the GIN indexes for rare words.
describe("PostgreSQL's choice of a filtered plan", () => {
  let client: pg.Client;
  beforeAll(async () => {
    await postgres.setUp();
    const place = (await postgres.place()) as { databaseUrl: string };
    await (await openStorage(place)).close(); // applies the schema steps
    client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await postgres.tearDown();
  });

  it.each([
    { cell: "a common word, 0.2% of 1M documents", postings: 100_000, fewest: 2_000, words: 1, documents: 1_000_000, plan: "probe" },
    { cell: "a Chinese common word and its grams, 0.2% of 1M", postings: 300_000, fewest: 2_000, words: 3, documents: 1_000_000, plan: "probe" },
    { cell: "a common word, 0.2% of 100k documents", postings: 10_000, fewest: 200, words: 1, documents: 100_000, plan: "probe" },
    { cell: "a common word, 5% of 1M documents", postings: 100_000, fewest: 50_000, words: 1, documents: 1_000_000, plan: "join" },
    { cell: "a rare word, 0.2% of 1M documents", postings: 1_000, fewest: 2_000, words: 1, documents: 1_000_000, plan: "text" },
    { cell: "a rare word, 5% of 1M documents", postings: 1_000, fewest: 50_000, words: 1, documents: 1_000_000, plan: "text" },
  ])("$cell: $plan", async ({ postings, fewest, words, documents, plan }) => {
    const { rows } = await client.query<{ plan: string }>("SELECT toolgen_filtered_plan($1, $2, $3, $4) AS plan", [postings, fewest, words, documents]);
    expect(rows[0]!.plan).toBe(plan);
  });
});
