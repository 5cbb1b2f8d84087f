/**
 * How an add's documents reach PostgreSQL: PostgreSQL's fold of the index texts in steps
 * (index-text.ts) and the documents as one JSON text of rows built in pieces (document-rows.ts).
 * Both exist so that a 30 MiB add does not hold the event loop; neither may change what is stored.
 * The stored rows are compared with what the statement they replaced (eight text arrays, which
 * node-postgres escapes in JavaScript) stores for the same documents.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentRows } from "../../src/knowledge-base/service/postgres/document-rows.js";
import { postgresIndexText, postgresIndexTextSteps } from "../../src/knowledge-base/service/postgres/index-text.js";
import { PostgresStorage } from "../../src/knowledge-base/service/postgres/postgres-storage.js";
import { toGramText, toIndexText } from "../../src/knowledge-base/service/segment.js";
import type { IndexedDocument, NewDocument } from "../../src/knowledge-base/service/storage.js";
import { startPostgres, type TestPostgres } from "../support/postgres.js";
import { seededRandom } from "../support/seeded-random.js";

const indexed = (document: NewDocument): IndexedDocument => ({
  ...document,
  indexTitle: toIndexText(document.title),
  indexContent: toIndexText(document.content),
  gramTitle: toGramText(document.title),
  gramContent: toGramText(document.content),
});

// Latin letters with and without marks (precomposed and combining), digits, spaces, punctuation
// runs, Han, kana, an emoji (a surrogate pair), lone surrogates, Devanagari with its vowel signs.
const ALPHABET = ["a", "Z", "é", "e\u0301", "\u0301", "ß", "ǅ", "7", "٣", " ", " ", " ", "  ", ".", "-", "'s", "@", "\u00a0", "城", "市", "カ", "ー", "😀", "\ud800", "\udfff", "क", "ि", "\t", "\n"];

function randomText(random: () => number, length: number): string {
  let text = "";
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return text;
}

const noPause = { pause: () => Promise.resolve() };

describe("PostgreSQL's fold in steps", () => {
  it("joined, the steps are the fold of the whole text, wherever they end", () => {
    const random = seededRandom(20261207);
    for (let round = 0; round < 2000; round++) {
      const text = randomText(random, 1 + Math.floor(random() * 80));
      const stepLength = 1 + Math.floor(random() * 20);
      const steps = [...postgresIndexTextSteps(text, stepLength)];
      expect(steps.join(""), JSON.stringify({ text, stepLength })).toBe(postgresIndexText(text));
    }
  });

  it("cuts a long text into steps of about the step length", () => {
    const text = "word ".repeat(100_000);
    const steps = [...postgresIndexTextSteps(text)];
    expect(steps.length).toBeGreaterThan(5);
    for (const step of steps.slice(0, -1)) expect(step.length).toBeLessThan(70_000);
    expect(steps.join("")).toBe(postgresIndexText(text));
  });
});

describe("documentRows", () => {
  it("is the documents as JSON rows; lone surrogates become U+FFFD and pairs stay whole across pieces", async () => {
    // An emoji straddling the 64 KiB piece boundary of content, a lone surrogate in title and id.
    const content = `${"x".repeat(65_535)}😀 tail \udc00`;
    const document = indexed({ title: "a\ud800b", content, metadata: { z: 1, a: [true, "é"] } });
    const rows = await documentRows([["id\udfff", document]], noPause);
    const parsed = JSON.parse(rows.toString("utf8")) as Record<string, string>[];
    expect(parsed).toEqual([
      {
        id: "id\ufffd",
        title: "a\ufffdb",
        content: `${"x".repeat(65_535)}😀 tail \ufffd`,
        metadata: '{"z":1,"a":[true,"é"]}',
        index_title: postgresIndexText(document.indexTitle).replace(/[\ud800-\udfff]/g, "\ufffd"),
        index_content: postgresIndexText(document.indexContent).replace(/\udc00/g, "\ufffd"),
        gram_title: "",
        gram_content: "",
      },
    ]);
    expect(JSON.parse((await documentRows([], noPause)).toString())).toEqual([]);
  });
});

describe("an add on PostgreSQL", () => {
  let postgres: TestPostgres;
  let storage: PostgresStorage;
  let client: pg.Client;
  beforeAll(async () => {
    postgres = await startPostgres();
    const url = await postgres.createDatabase();
    storage = await PostgresStorage.open(url);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await storage?.close();
    await postgres?.stop();
  });

  it("stores what the statement with eight text arrays stored", async () => {
    const random = seededRandom(7);
    const documents: (NewDocument & { id: string })[] = Array.from({ length: 60 }, (_, i) => ({
      id: `d${i}-${randomText(random, 3)}`,
      title: randomText(random, Math.floor(random() * 30)),
      content: randomText(random, Math.floor(random() * (i % 10 === 0 ? 150_000 : 400))),
      // No lone surrogate in metadata: the text arrays' statement failed on one (next test).
      metadata: { n: i, tag: randomText(random, 4).replace(/[\ud800-\udfff]/g, "s"), list: [i % 3, "x"] },
    }));
    documents.push({ ...documents[3]!, title: "the same id again, later" });
    const byRows = (await storage.createKnowledgeBase("rows")).id;
    const byArrays = (await storage.createKnowledgeBase("arrays")).id;
    await storage.addDocuments(byRows, documents.map(indexed));
    await addWithTextArrays(client, byArrays, documents.map(indexed));

    const stored = async (kb: number) =>
      (
        await client.query(
          "SELECT id, title, content, metadata::text AS metadata, search::text AS search, grams::text AS grams FROM toolgen_documents WHERE kb_id = $1 ORDER BY seq",
          [kb],
        )
      ).rows;
    const rows = await stored(byRows);
    expect(rows.length).toBe(60);
    expect(rows).toEqual(await stored(byArrays));
    expect(rows[3]!.title).toBe("the same id again, later");
  });

  it("stores lone surrogates in metadata keys and strings as U+FFFD, keys in their order", async () => {
    const kb = (await storage.createKnowledgeBase("surrogates")).id;
    const metadata = { z: "a\ud800", "k\udc00": ["b\udbff", { y: 1, "\ud83d": "\ud83d\ude00" }], a: 2 };
    await storage.addDocuments(kb, [indexed({ id: "s", title: "t", content: "river", metadata })]);
    const { documents } = await storage.listDocuments(kb, 0, 10);
    expect(JSON.stringify(documents[0]!.metadata)).toBe('{"z":"a\ufffd","k\ufffd":["b\ufffd",{"y":1,"\ufffd":"😀"}],"a":2}');
    const hits = await storage.search(kb, ["river"], 10, [{ key: "z", value: "a\ufffd" }]);
    expect(hits.map((hit) => hit.id)).toEqual(["s"]);
  });
});

/** The insert before document-rows.ts: eight text arrays that node-postgres writes out as literals. */
async function addWithTextArrays(client: pg.Client, knowledgeBaseId: number, documents: readonly IndexedDocument[]): Promise<void> {
  const latest = new Map<string, IndexedDocument>();
  for (const document of documents) latest.set(document.id!, document);
  const rows = [...latest];
  await client.query(
    `INSERT INTO toolgen_documents (kb_id, id, title, content, metadata, search, grams)
     SELECT $1, d.id, d.title, d.content, d.metadata::json,
            setweight(to_tsvector('toolgen', d.index_title), 'A') || setweight(to_tsvector('toolgen', d.index_content), 'B'),
            setweight(to_tsvector('toolgen', d.gram_title), 'A') || setweight(to_tsvector('toolgen', d.gram_content), 'B')
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
          WITH ORDINALITY AS d (id, title, content, metadata, index_title, index_content, gram_title, gram_content, ord)
     ORDER BY d.ord
     ON CONFLICT (kb_id, id) DO UPDATE
       SET title = excluded.title, content = excluded.content, metadata = excluded.metadata, search = excluded.search, grams = excluded.grams`,
    [
      knowledgeBaseId,
      rows.map(([id]) => id),
      rows.map(([, d]) => d.title),
      rows.map(([, d]) => d.content),
      rows.map(([, d]) => JSON.stringify(d.metadata)),
      rows.map(([, d]) => postgresIndexText(d.indexTitle)),
      rows.map(([, d]) => postgresIndexText(d.indexContent)),
      rows.map(([, d]) => d.gramTitle),
      rows.map(([, d]) => d.gramContent),
    ],
  );
}
