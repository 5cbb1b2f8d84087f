/**
 * No request stalls the service: long texts are segmented in pieces (a
 * 100,000-character Han run once took 7 s in one Intl.Segmenter call), the pieces give the words
 * the whole text gives, and a large add lets other requests through while it works. The
 * assertions are on results and on the order of answers, never on durations.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKnowledgeBaseService, type KnowledgeBaseService } from "../../src/knowledge-base/index.js";
import { segmentWords, toIndexText } from "../../src/knowledge-base/service/segment.js";
import { cleanCut } from "../../src/knowledge-base/service/text-cuts.js";
import { BACKENDS } from "./backends.js";

/** Two-character words the segmenter keeps whole among FILLER (checked by the tests that use them). */
const MARKERS = ["学校", "医院", "机场", "飞机", "大学", "电话"] as const;
const FILLER = "城市 管理 执法 部门 人员 培训 考核 住房 建设 规章 办法 法律 法规 标准 食品 安全 生产 经营 活动 河流 山脉 森林 海洋 岛屿".split(" ");

/** Han characters only, no space or punctuation (the worst case), with markers at given offsets. */
function hanRun(length: number, markers: ReadonlyArray<readonly [number, string]>): string {
  const parts: string[] = [];
  let size = 0;
  let next = 0;
  for (let i = 0; size < length; i++) {
    const marker = markers[next];
    const part = marker !== undefined && size >= marker[0] ? (next++, marker[1]) : FILLER[(i * 7) % FILLER.length]!;
    parts.push(part);
    size += part.length;
  }
  return parts.join("");
}

function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

/** Text as people write it: English, Chinese with punctuation, Japanese, Thai, emoji, numbers, lines. */
function ordinaryText(length: number, seed: number): string {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const sentences = [
    () => `The ${pick(["river", "city", "court", "engine"])} isn't ${pick(["open", "3.5 km", "1,000"])} away, is it? `,
    () => `${pick(FILLER)}${pick(FILLER)}${pick(MARKERS)}，${pick(FILLER)}${pick(FILLER)}。`,
    () => `東京の${pick(["ホテル", "えき", "コーヒー"])}はどこですか？`,
    () => `ภาษาไทย ${pick(["สวัสดี", "ขอบคุณ"])} `,
    () => `${pick(["🚀", "👍🏽", "🇫🇷", "👨‍👩‍👧"])} ${pick(["ＡＢＣ１２３", "naïve café", "e\u0301t\u00e9"])}\n`,
    () => `「${pick(FILLER)}」（${pick(FILLER)}）! `,
  ];
  let text = "";
  while (text.length < length) text += pick(sentences)();
  return text;
}

/** segment.ts's rules applied to a whole text in one segmenter call: what pieces must reproduce. */
const wholeSegmenter = new Intl.Segmenter("zh", { granularity: "word" });
const UNSPACED_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3005\u3007\u30FC]+/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/gu;

function wordsOfWhole(text: string): string[] {
  const normal = text.normalize("NFKC");
  const words = [...wholeSegmenter.segment(normal)].filter((s) => s.isWordLike).map((s) => s.segment);
  for (const match of normal.matchAll(PICTOGRAPH)) words.push(`emoji${match[0].codePointAt(0)!.toString(16)}`);
  return words;
}

function indexTextOfWhole(text: string): string {
  return text
    .normalize("NFKC")
    .replace(UNSPACED_RUN, (run) => ` ${wordsOfWhole(run).join(" ")} `)
    .replace(PICTOGRAPH, (pictograph) => ` emoji${pictograph.codePointAt(0)!.toString(16)} `);
}

describe("segmenting long text", () => {
  it("cuts a 200,000-character query-like run into words all the way to its end", () => {
    const text = hanRun(200_000, [[1_000, "学校"], [100_000, "医院"], [199_990, "机场"]]);
    const words = segmentWords(text);
    expect(words).toEqual(expect.arrayContaining(["学校", "医院", "机场"]));
    // Every character is in a word and the words are words, not pieces of thousands of characters.
    expect(words.join("")).toBe(text);
    expect(Math.max(...words.map((word) => word.length))).toBeLessThanOrEqual(4);
  });

  it("gives ordinary text the same words and index text as segmenting it whole", () => {
    // 16,000 characters: few enough to segment whole for comparison (0.2 s here; 60,000 took 8–12 s).
    for (const seed of [1, 2, 3]) {
      const text = ordinaryText(16_000, seed);
      expect(segmentWords(text)).toEqual(wordsOfWhole(text));
      expect(toIndexText(text)).toBe(indexTextOfWhole(text));
    }
  });

  it("cuts only where neither normalisation nor word segmentation notices", () => {
    const tricky = [
      ..."abcXYZé0123456789",
      " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2009", "\u202f", "\u0085", "\u2028", "\v",
      ..."城市管理規章", ..."ひらがなカタカナー", ..."ภาษาไทย", ..."한국어", "\u1161",
      "\u0301", "\u3099", "\u200d", "\u200c", "\ufeff", "\u200b", "\u00ad", "\u0e31",
      "🚀", "👍", "🏽", "👨‍👩‍👧", "🇫🇷", "🇩",
      "'", ".", ",", ":", ";", "_", "-", '"', "Ａ", "１", "，", "．", "：", "！", "？", "（", "）", "!", "?", "(", ")",
      "。", "、", "「", "」", "【", "】", "《", "》", "ｶ", "ﾞ", "㍿", "ﷺ", "ﬁ", "שָׁלוֹם", "…", "²",
    ];
    const next = random(7);
    let cuts = 0;
    for (let n = 0; n < 3000; n++) {
      let text = "";
      while (text.length < 24) text += tricky[Math.floor(next() * tricky.length)];
      if (n % 2 === 1) text = text.normalize("NFKC"); // segmentWords cuts normalised text
      const whole = [...wholeSegmenter.segment(text)].map((s) => `${s.segment}|${s.isWordLike}`);
      for (let at = 1; at < text.length; at++) {
        if (cleanCut(text, at - 1, at) !== at) continue;
        cuts++;
        const [left, right] = [text.slice(0, at), text.slice(at)];
        const pieces = [...wholeSegmenter.segment(left), ...wholeSegmenter.segment(right)].map((s) => `${s.segment}|${s.isWordLike}`);
        expect(pieces, JSON.stringify([left, right])).toEqual(whole);
        expect(left.normalize("NFKC") + right.normalize("NFKC")).toBe(text.normalize("NFKC"));
      }
    }
    expect(cuts).toBeGreaterThan(1000);
  });
});

describe.each(BACKENDS)("$name backend", (backend) => {
  let service: KnowledgeBaseService;

  beforeAll(async () => {
    await backend.setUp();
    service = await startKnowledgeBaseService({ ...(await backend.place()), tokens: [] });
  });
  afterAll(async () => {
    await service.close();
    await backend.tearDown();
  });

  async function call(path: string, body: unknown): Promise<{ status: number; errorCode: number; errorMsg: string; result: any }> {
    const response = await fetch(`${service.url}/llm/knowledge/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: response.status, ...((await response.json()) as { errorCode: number; errorMsg: string; result: any }) };
  }

  async function createKb(name: string): Promise<number> {
    return (await call("create", { knowledgeBaseName: name })).result.knowledgeBaseId as number;
  }

  async function hitIds(knowledgeBaseId: number, query: string): Promise<string[]> {
    const answer = await call("search", { knowledgeBaseId, query, topK: 10 });
    expect(answer.errorCode).toBe(0);
    return (answer.result as { fileId: string }[]).map((hit) => hit.fileId);
  }

  it("indexes a 100,000-character Han document to its end: words deep inside it are found", async () => {
    const kb = await createKb("long-han");
    const content = hanRun(100_000, [[30_000, "学校"], [65_530, "医院"], [99_990, "机场"]]);
    const added = await call("documents/add", {
      knowledgeBaseId: kb,
      documents: [{ id: "long", content }, { id: "other", content: hanRun(2_000, []) }],
    });
    expect(added.errorCode).toBe(0);
    for (const marker of ["学校", "医院", "机场"]) expect(await hitIds(kb, marker)).toEqual(["long"]);
    // A word of none of its characters (飞机 would find 机 of 机场 as a character).
    expect(await hitIds(kb, "飞艇")).toEqual([]);
  });

  it("answers a small search while a large add is still being indexed", async () => {
    const kb = await createKb("busy");
    await call("documents/add", { knowledgeBaseId: kb, documents: [{ id: "small", content: "大学 a small document" }] });
    const order: string[] = [];
    // A million Han characters: about 3 MiB to send, and a second or more of segmenting.
    const content = hanRun(1_000_000, [[999_000, "电话"]]);
    const large = call("documents/add", { knowledgeBaseId: kb, documents: [{ id: "large", content }] }).then((answer) => {
      order.push("add");
      return answer;
    });
    // Lets the add's body reach the service first, so the searches arrive while it is being indexed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    while (!order.includes("add")) {
      expect(await hitIds(kb, "大学")).toEqual(["small"]);
      order.push("search");
    }
    expect(order[0]).toBe("search");
    expect((await large).errorCode).toBe(0);
    expect(await hitIds(kb, "电话")).toEqual(["large"]);
  });

  it("parses a body over 1 MiB in steps and answers over 1 MiB in pieces: the same documents, the same refusals", async () => {
    const kb = await createKb("big-body");
    const documents = Array.from({ length: 300 }, (_, i) => ({
      id: `doc-${i}`,
      title: `«${i}» "quoted" \\ back\tslash`,
      content: ordinaryText(3_000 + (i % 7) * 1_000, i),
      metadata: { i, tags: ["a", { deep: [i, null, true] }], ["__proto__"]: { x: i } },
    }));
    const body = JSON.stringify({ knowledgeBaseId: kb, documents });
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const added = await call("documents/add", body);
    expect(added.errorCode).toBe(0);
    const listed = await call("documents/list", { knowledgeBaseId: kb, limit: 1000 });
    expect(listed.result.documents).toEqual(JSON.parse(body).documents);

    // Hits over 1 MiB of text are written in pieces too: the same answer as the objects would give.
    const long = Array.from({ length: 3 }, (_, i) => ({ id: `long-${i}`, title: `long ${i}`, content: `zebrafinch ${ordinaryText(400_000, 100 + i)}`, metadata: { i } }));
    expect((await call("documents/add", { knowledgeBaseId: kb, documents: long })).errorCode).toBe(0);
    const found = await call("search", { knowledgeBaseId: kb, query: "zebrafinch", topK: 10 });
    expect(found.result.map((hit: { fileId: string }) => hit.fileId).sort()).toEqual(["long-0", "long-1", "long-2"]);
    for (const hit of found.result as { fileId: string; source: { title: string; doc: string; para: string } }[]) {
      const document = long.find((candidate) => candidate.id === hit.fileId)!;
      expect(hit.source.para).toBe(document.content);
      expect(JSON.parse(hit.source.doc)).toEqual({ _doc_id: document.id, _id: document.id, content_se: document.content, knowledgeBaseId: kb, title: document.title, metadata: document.metadata });
    }

    const malformed = await call("documents/add", `${body.slice(0, -2)},}`);
    expect(malformed.status).toBe(400);
    expect(malformed.errorMsg).toMatch(/^malformed JSON in the request body/);
    const deep = await call("documents/add", `{"documents":${"[".repeat(65)}${"]".repeat(65)},"pad":${JSON.stringify(body)}}`);
    expect(deep.status).toBe(400);
    expect(deep.errorMsg).toMatch(/nests deeper than 64 levels/);
  });
});
