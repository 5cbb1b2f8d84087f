/**
 * Relevance of a knowledge-base service, measured against a judged set.
 *
 * documents.json holds about two hundred documents, half English and half Simplified Chinese;
 * queries.json holds queries with graded judgments (2 = highly relevant, 1 = partially relevant,
 * absent = not relevant). The judgments say what a reader of the query's language would find
 * useful, not what any engine returns: documents in the other language are left unjudged, and
 * near-misses (a car starter for "sourdough starter", trash pickup for "garbage collection in
 * the JVM") are judged not relevant even when they share every query word.
 *
 * The measurement uses only the HTTP protocol (create, documents/add, search), so it runs
 * unchanged against any backend, local or remote.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

export type Lang = "en" | "zh";
export const LANGS: readonly Lang[] = ["en", "zh"];

/** Document id -> grade (2 highly relevant, 1 partially); documents not listed are not relevant. */
export type Judgments = Readonly<Record<string, number>>;

export interface JudgedDocument {
  id: string;
  title: string;
  content: string;
  metadata: { lang: Lang; topic: string };
}

export interface JudgedQuery {
  id: string;
  query: string;
  lang: Lang;
  relevant: Judgments;
  /** Sent as the search's `filterConditions` when present. */
  filter?: Record<string, unknown>;
}

export interface Figures {
  ndcg10: number;
  recall10: number;
}

export interface QueryOutcome extends Figures {
  id: string;
  query: string;
  lang: Lang;
  /** The ids the service returned, best first. */
  ranked: string[];
  relevant: Judgments;
}

export interface RelevanceResult extends Figures {
  perQuery: QueryOutcome[];
  byLang: Record<Lang, Figures>;
}

/** What recorded.json keeps per backend: the overall figures and each language's. */
export interface RecordedFigures extends Figures {
  en: Figures;
  zh: Figures;
}

/** A measured figure may fall this far below the recorded one before the test fails. */
export const TOLERANCE = 0.02;

const CUTOFF = 10;
/** Documents per add request (the protocol allows up to 1000). */
const BATCH_SIZE = 500;

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, import.meta.url), "utf8")) as T;
}

export function loadDocuments(): JudgedDocument[] {
  return readJson<JudgedDocument[]>("./documents.json");
}

export function loadQueries(): JudgedQuery[] {
  return readJson<JudgedQuery[]>("./queries.json");
}

/** The figures recorded for `backend` ("sqlite", "postgres") in recorded.json, or undefined. */
export function recordedFigures(backend: string): RecordedFigures | undefined {
  const recorded = readJson<Record<string, RecordedFigures>>("./recorded.json");
  return Object.hasOwn(recorded, backend) ? recorded[backend] : undefined;
}

function gradeOf(relevant: Judgments, id: string): number {
  return Object.hasOwn(relevant, id) ? Math.max(0, relevant[id] ?? 0) : 0;
}

function checkCutoff(k: number): void {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer (got ${k})`);
}

/** The first `k` distinct ids: a service that repeats a document gets credit for it once. */
function topDistinct(k: number, rankedIds: readonly string[]): string[] {
  return [...new Set(rankedIds)].slice(0, k);
}

/**
 * nDCG@k with graded gains: DCG = sum over ranks i = 1..k of (2^grade - 1) / log2(i + 1),
 * divided by the DCG of the ideal ranking of the judged documents. 0 when nothing is judged
 * relevant.
 */
export function ndcgAt(k: number, rankedIds: readonly string[], relevant: Judgments): number {
  checkCutoff(k);
  const dcg = (grades: readonly number[]) =>
    grades.reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);
  const ideal = dcg(
    Object.values(relevant)
      .filter((grade) => grade > 0)
      .sort((a, b) => b - a)
      .slice(0, k),
  );
  if (ideal === 0) return 0;
  return dcg(topDistinct(k, rankedIds).map((id) => gradeOf(relevant, id))) / ideal;
}

/** The fraction of the judged-relevant documents (any grade) among the first `k` results; 0 when none are judged. */
export function recallAt(k: number, rankedIds: readonly string[], relevant: Judgments): number {
  checkCutoff(k);
  const wanted = Object.keys(relevant).filter((id) => gradeOf(relevant, id) > 0);
  if (wanted.length === 0) return 0;
  const top = new Set(topDistinct(k, rankedIds));
  return wanted.filter((id) => top.has(id)).length / wanted.length;
}

/** Rounds down to 3 decimals, the precision recorded.json keeps. */
export function floor3(value: number): number {
  return Math.floor(value * 1000 + 1e-9) / 1000;
}

function average(outcomes: readonly Figures[]): Figures {
  const mean = (pick: (outcome: Figures) => number) =>
    outcomes.length === 0 ? 0 : outcomes.reduce((sum, outcome) => sum + pick(outcome), 0) / outcomes.length;
  return { ndcg10: mean((outcome) => outcome.ndcg10), recall10: mean((outcome) => outcome.recall10) };
}

/** The queries that score worst (lowest nDCG@10, then lowest recall@10), worst first. */
export function worstQueries(result: RelevanceResult, count: number): QueryOutcome[] {
  return [...result.perQuery].sort((a, b) => a.ndcg10 - b.ndcg10 || a.recall10 - b.recall10).slice(0, count);
}

interface Envelope {
  errorCode?: unknown;
  errorMsg?: unknown;
  result?: unknown;
}

async function post(baseUrl: string, path: string, body: unknown, token: string | undefined): Promise<unknown> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token !== undefined) headers.Authorization = `token ${token}`;
  const response = await fetch(`${baseUrl.replace(/\/+$/, "")}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}: ${text.slice(0, 300)}`);
  const envelope = JSON.parse(text) as Envelope;
  if (envelope.errorCode !== 0) throw new Error(`${path}: errorCode ${String(envelope.errorCode)}: ${String(envelope.errorMsg)}`);
  return envelope.result;
}

/**
 * Creates a fresh knowledge base on the service at `baseUrl`, adds every judged document, runs
 * every query with topK 10 (and its filter, if any) and scores the rankings: nDCG@10 and
 * recall@10 averaged over all queries and over each language's queries.
 */
/** `addedTimes`: how many times every document is added (replacing itself after the first). */
export async function measureRelevance(baseUrl: string, token?: string, addedTimes = 1): Promise<RelevanceResult> {
  const documents = loadDocuments();
  const queries = loadQueries();
  const created = (await post(baseUrl, "/llm/knowledge/create", { knowledgeBaseName: `relevance-${randomUUID()}` }, token)) as {
    knowledgeBaseId: number;
  };
  const knowledgeBaseId = created.knowledgeBaseId;
  for (let time = 0; time < addedTimes; time++) {
    for (let start = 0; start < documents.length; start += BATCH_SIZE) {
      const batch = documents.slice(start, start + BATCH_SIZE).map(({ id, title, content, metadata }) => ({ id, title, content, metadata }));
      await post(baseUrl, "/llm/knowledge/documents/add", { knowledgeBaseId, documents: batch }, token);
    }
  }

  const perQuery: QueryOutcome[] = [];
  for (const { id, query, lang, relevant, filter } of queries) {
    const hits = await post(
      baseUrl,
      "/llm/knowledge/search",
      { knowledgeBaseId, query, topK: CUTOFF, ...(filter === undefined ? {} : { filterConditions: filter }) },
      token,
    );
    if (!Array.isArray(hits)) throw new Error(`search for ${id}: result is not an array`);
    const ranked = hits.map((hit: { fileId?: unknown }) => String(hit.fileId));
    perQuery.push({
      id,
      query,
      lang,
      ranked,
      relevant,
      ndcg10: ndcgAt(CUTOFF, ranked, relevant),
      recall10: recallAt(CUTOFF, ranked, relevant),
    });
  }
  const byLang = Object.fromEntries(LANGS.map((lang) => [lang, average(perQuery.filter((outcome) => outcome.lang === lang))])) as Record<
    Lang,
    Figures
  >;
  return { ...average(perQuery), perQuery, byLang };
}
