/**
 * The protocol's operations: validate a parsed request body, run it against the store, return
 * the envelope's `result`. One function per route; HTTP concerns live in server.ts.
 */
import { ErrorCode, HttpError, ServiceError, invalidArgument } from "./errors.js";
import { parseFilterConditions } from "./filters.js";
import {
  DEFAULT_LIST_LIMIT,
  DEFAULT_TOP_K,
  MAX_DOCUMENTS_PER_REQUEST,
  MAX_LIST_LIMIT,
  MAX_METADATA_DEPTH,
  MAX_NAME_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_TOP_K,
} from "./limits.js";
import { indexDocuments } from "./index-documents.js";
import { hitFrame } from "./hit-json.js";
import { hitsInPieces, isLarge, listingInPieces } from "./large-answers.js";
import { queryGrams, queryWords } from "./query-words.js";
import type { KnowledgeBaseStorage, NewDocument } from "./storage.js";
import { isPlainObject, optionalCount, requireArray, requireKnowledgeBaseId, requireString, type Body } from "./validate.js";

export type Handler = (storage: KnowledgeBaseStorage, body: Body) => Promise<unknown>;

/** A result already written as JSON, which the envelope takes as it is (server.ts). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** POST /llm/knowledge/create `{ knowledgeBaseName }` -> `{ knowledgeBaseId, knowledgeBaseName }`. */
export const create: Handler = async (storage, body) => {
  const name = requireString(body, "knowledgeBaseName", { nonEmpty: true, maxLength: MAX_NAME_LENGTH });
  refuseNul(name, "knowledgeBaseName");
  const kb = await storage.createKnowledgeBase(name);
  return { knowledgeBaseId: kb.id, knowledgeBaseName: kb.name };
};

/**
 * POST /llm/knowledge/search `{ knowledgeBaseId, query, topK?, filterConditions? }` -> hits
 * shaped like the hosted service's: `{ fileId, score, source: { title, doc, para } }`, where
 * `doc` is a JSON string holding `content_se` (what the reference client decodes).
 */
export const search: Handler = async (storage, body) => {
  const knowledgeBaseId = requireKnowledgeBaseId(body);
  const query = requireString(body, "query");
  // A transport-level refusal like an oversized body: the cost of segmenting grows with the query.
  if (query.length > MAX_QUERY_LENGTH) throw new HttpError(400, `query is ${query.length} characters long; at most ${MAX_QUERY_LENGTH} are accepted`);
  const topK = optionalCount(body, "topK", DEFAULT_TOP_K, 1, MAX_TOP_K);
  const terms = parseFilterConditions(body.filterConditions);
  const hits = await storage.search(knowledgeBaseId, queryWords(query), topK, terms, queryGrams(query));
  if (isLarge(hits)) return hitsInPieces(knowledgeBaseId, hits);
  // The text JSON.stringify makes of the objects { fileId, score, source: { title, doc, para } },
  // written directly: the content, most of an answer, is escaped once for `para` and that is
  // reused inside `doc`, where the objects had it escaped a third time. Escaping the answer is
  // the largest part of the service's own work on a search (10 hits, ~13 KB); written this way a
  // search over HTTP cost the service 7% less CPU (bench/kb-request-overhead.mjs, 1,000 chunks).
  const parts = new Array<string>(hits.length);
  for (let i = 0; i < hits.length; i++) {
    const hit = hits[i]!;
    const frame = hitFrame(knowledgeBaseId, hit);
    const content = JSON.stringify(hit.content);
    parts[i] = `${frame.head}${JSON.stringify(`${frame.docHead}${content}${frame.docTail}`)}${frame.paraHead}${content}${frame.tail}`;
  }
  return new JsonText(`[${parts.join(",")}]`);
};

/** POST /llm/knowledge/documents/add `{ knowledgeBaseId, documents: [...] }` -> `{ documentIds }`. */
export const addDocuments: Handler = async (storage, body) => {
  const knowledgeBaseId = requireKnowledgeBaseId(body);
  const raw = requireArray(body, "documents");
  if (raw.length > MAX_DOCUMENTS_PER_REQUEST) {
    throw new ServiceError(
      ErrorCode.TOO_MANY_DOCUMENTS,
      `at most ${MAX_DOCUMENTS_PER_REQUEST} documents per request (got ${raw.length}); send several batches`,
    );
  }
  // Every document is checked before any is segmented: a bad one is refused at once.
  const documents = await indexDocuments(raw.map(toNewDocument));
  return { documentIds: await storage.addDocuments(knowledgeBaseId, documents) };
};

/** POST /llm/knowledge/documents/list `{ knowledgeBaseId, offset?, limit? }` -> `{ total, documents }`. */
export const listDocuments: Handler = async (storage, body) => {
  const knowledgeBaseId = requireKnowledgeBaseId(body);
  const offset = optionalCount(body, "offset", 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = optionalCount(body, "limit", DEFAULT_LIST_LIMIT, 1, MAX_LIST_LIMIT);
  const listing = await storage.listDocuments(knowledgeBaseId, offset, limit);
  return isLarge(listing.documents) ? listingInPieces(listing) : listing;
};

/** POST /llm/knowledge/documents/delete `{ knowledgeBaseId, documentIds }` -> `{ deleted }`. */
export const deleteDocuments: Handler = async (storage, body) => {
  const knowledgeBaseId = requireKnowledgeBaseId(body);
  const ids = requireArray(body, "documentIds");
  if (ids.length > MAX_DOCUMENTS_PER_REQUEST) {
    throw new ServiceError(ErrorCode.TOO_MANY_DOCUMENTS, `at most ${MAX_DOCUMENTS_PER_REQUEST} ids per request`);
  }
  ids.forEach((id, index) => {
    if (typeof id !== "string") throw invalidArgument(`documentIds[${index}] must be a string`);
  });
  return { deleted: await storage.deleteDocuments(knowledgeBaseId, ids as string[]) };
};

function toNewDocument(value: unknown, index: number): NewDocument {
  const where = `documents[${index}]`;
  if (!isPlainObject(value)) throw invalidArgument(`${where} must be an object`);
  const title = value.title === undefined ? "" : value.title;
  if (typeof title !== "string") throw invalidArgument(`${where}.title must be a string`);
  if (typeof value.content !== "string") throw invalidArgument(`${where}.content must be a string`);
  const document: NewDocument = { title, content: value.content, metadata: {} };
  if (value.id !== undefined && value.id !== null) {
    if (typeof value.id !== "string" || value.id === "" || value.id.length > MAX_NAME_LENGTH) {
      throw invalidArgument(`${where}.id must be a non-empty string of at most ${MAX_NAME_LENGTH} characters`);
    }
    document.id = value.id;
  }
  if (value.metadata !== undefined && value.metadata !== null) {
    if (!isPlainObject(value.metadata)) throw invalidArgument(`${where}.metadata must be an object`);
    // Refused here, not when a filtered search later trips over it: SQLite's JSON functions stop
    // at 1,000 levels, and no filter reads below the top level anyway.
    if (depthOf(value.metadata) > MAX_METADATA_DEPTH) throw new HttpError(400, `${where}.metadata nests deeper than ${MAX_METADATA_DEPTH} levels`);
    document.metadata = value.metadata;
  }
  refuseNul(document, where);
  return document;
}

/**
 * Refuses a key or string holding U+0000 anywhere in `value`. PostgreSQL's text and jsonb cannot
 * hold one, so both backends refuse it alike, naming where it is, instead of PostgreSQL failing
 * the whole request as an internal error.
 */
function refuseNul(value: unknown, where: string): void {
  const at = nulAt(value, where);
  if (at !== undefined) throw invalidArgument(`${at} holds the character U+0000 (NUL), which the knowledge base does not store`);
}

function nulAt(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes("\0") ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = Array.isArray(value) ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
    if (key.includes("\0")) return `${childPath} (its key)`;
    const found = nulAt(child, childPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** How many levels of objects and arrays `value` nests (a scalar is 0, `{}` is 1). */
function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}
