/**
 * A bounded version of bench/kb-scale.mjs for CI: 2,000 seeded chunks (English,
 * Chinese, mixed; metadata with a few keys) ingested through the HTTP API in batches, several in
 * flight, on each backend. Correctness only, no timing: the list counts every chunk, a word planted
 * in one known chunk finds that chunk at rank 1, and a filtered search returns exactly the chunks
 * whose metadata match and whose text has the word.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKnowledgeBaseService, type KnowledgeBaseService } from "../../src/knowledge-base/index.js";
import { BACKENDS } from "./backends.js";
import { seededRandom } from "../support/seeded-random.js";

const CHUNKS = 2_000;
const BATCH = 250;
const IN_FLIGHT = 3;


// No two of these share a Porter stem, so "the text has the word" is a plain token test below.
const ENGLISH = (
  "knowledge search index query document service client token server request answer result score engine " +
  "river mountain forest ocean island desert valley bridge road railway station airport harbor market school " +
  "library museum hospital garden park stadium theater castle village town county province country border " +
  "policy court judge lawyer contract payment budget report meeting project team manager engineer release"
).split(" ");
const CHINESE = "知识 搜索 索引 查询 文档 服务 城市 河流 森林 海洋 图书馆 博物馆 公园 法院 合同 预算 报告 会议 项目 团队".split(" ");
const SOURCES = ["handbook", "wiki", "tickets", "runbooks", "contracts", "policies", "faq", "forum", "email", "specs"];
const YEARS = [2021, 2022, 2023, 2024, 2025];

/** Planted once each, in chunks of known index; no generated text contains them. */
const PLANTED = [
  { index: 1234, word: "xylophonequartz" },
  { index: 1717, word: "麒麟" },
] as const;

interface Chunk {
  id: string;
  title: string;
  content: string;
  metadata: { source: string; lang: string; year: number; part: number };
  /** The English words of title and content, for the expected answer of the filtered search. */
  words: Set<string>;
}

function generate(): Chunk[] {
  const random = seededRandom(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: CHUNKS }, (_, i) => {
    const lang = i % 10 < 5 ? "en" : i % 10 < 8 ? "zh" : "mixed";
    const english = Array.from({ length: 20 + Math.floor(random() * 30) }, () => pick(ENGLISH));
    const chinese = Array.from({ length: 15 + Math.floor(random() * 25) }, () => pick(CHINESE)).join("");
    const planted = PLANTED.find((p) => p.index === i)?.word;
    let content = lang === "en" ? `${english.join(" ")}.` : lang === "zh" ? `${chinese}。` : `${english.join(" ")}. ${chinese}。`;
    if (planted !== undefined) content = /^[a-z]+$/.test(planted) ? `${english.slice(0, 5).join(" ")} ${planted} ${content}` : `${chinese.slice(0, 4)}${planted}${content}`;
    const titleWords = lang === "zh" ? [] : [pick(ENGLISH), pick(ENGLISH)];
    const title = lang === "zh" ? `${pick(CHINESE)}${pick(CHINESE)}.pdf` : `${titleWords.join("-")}.md`;
    return {
      id: `chunk-${i}`,
      title,
      content,
      metadata: { source: pick(SOURCES), lang, year: pick(YEARS), part: i % 8 },
      words: new Set(lang === "zh" ? [] : [...english, ...titleWords]),
    };
  });
}

interface Hit {
  fileId: string;
  source: { doc: string };
}

describe.each(BACKENDS)("scale smoke, $name backend", (backend) => {
  const chunks = generate();
  let service: KnowledgeBaseService;
  let knowledgeBaseId: number;

  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${service.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const envelope = (await response.json()) as { errorCode: number; errorMsg: string; result: T };
    expect(envelope.errorMsg).toBe("");
    expect(envelope.errorCode).toBe(0);
    return envelope.result;
  }
  const search = (query: string, topK: number, filter?: Record<string, unknown>[]): Promise<Hit[]> =>
    call<Hit[]>("/llm/knowledge/search", { knowledgeBaseId, query, topK, ...(filter ? { filterConditions: { bool: { filter } } } : {}) });

  beforeAll(async () => {
    await backend.setUp();
    service = await startKnowledgeBaseService({ ...(await backend.place()), tokens: [] });
    ({ knowledgeBaseId } = await call<{ knowledgeBaseId: number }>("/llm/knowledge/create", { knowledgeBaseName: "scale-smoke" }));
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < CHUNKS) {
        const batch = chunks.slice(next, (next += BATCH)).map(({ id, title, content, metadata }) => ({ id, title, content, metadata }));
        const { documentIds } = await call<{ documentIds: string[] }>("/llm/knowledge/documents/add", { knowledgeBaseId, documents: batch });
        expect(documentIds).toEqual(batch.map((chunk) => chunk.id));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  });
  afterAll(async () => {
    await service?.close();
    await backend.tearDown();
  });

  it("counts every ingested chunk in the list's total, in insertion order", async () => {
    const first = await call<{ total: number; documents: { id: string }[] }>("/llm/knowledge/documents/list", { knowledgeBaseId, limit: 5 });
    expect(first.total).toBe(CHUNKS);
    const last = await call<{ total: number; documents: { id: string }[] }>("/llm/knowledge/documents/list", { knowledgeBaseId, offset: CHUNKS - 1, limit: 5 });
    expect(last.total).toBe(CHUNKS);
    // Batches were in flight together, so the order is by batch arrival; every id is there once.
    const ids = new Set<string>();
    for (let offset = 0; offset < CHUNKS; offset += 1000) {
      const page = await call<{ documents: { id: string }[] }>("/llm/knowledge/documents/list", { knowledgeBaseId, offset, limit: 1000 });
      for (const document of page.documents) ids.add(document.id);
    }
    expect(ids.size).toBe(CHUNKS);
  });

  it.each(PLANTED)("finds the chunk with the planted word $word at rank 1", async ({ index, word }) => {
    const hits = await search(word, 10);
    expect(hits.map((hit) => hit.fileId)).toEqual([`chunk-${index}`]);
  });

  it("returns exactly the chunks whose metadata match the filter and whose text has the word", async () => {
    const word = "harbor";
    const filter = [{ term: { source: "wiki" } }, { term: { year: 2023 } }];
    const expected = chunks.filter((c) => c.metadata.source === "wiki" && c.metadata.year === 2023 && c.words.has(word)).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(100);
    const hits = await search(word, 100, filter);
    expect(hits.map((hit) => hit.fileId).sort()).toEqual([...expected].sort());
    for (const hit of hits) {
      const { metadata } = JSON.parse(hit.source.doc) as { metadata: Chunk["metadata"] };
      expect(metadata.source).toBe("wiki");
      expect(metadata.year).toBe(2023);
    }
    // A filter no chunk matches: nothing, though the word is everywhere.
    expect(await search(word, 10, [{ term: { source: "wiki" } }, { term: { year: "2023" } }])).toEqual([]);
  });
});
