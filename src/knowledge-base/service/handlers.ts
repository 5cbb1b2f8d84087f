/**
 * The protocol's operations: validate a parsed request body, run it against the store, return
 * the envelope's `result`. One function per route; HTTP concerns live in server.ts.
 */
import { ErrorCode, ServiceError, invalidArgument } from "./errors.js";
import { parseFilterConditions } from "./filters.js";
import {
  DEFAULT_LIST_LIMIT,
  DEFAULT_TOP_K,
  MAX_DOCUMENTS_PER_REQUEST,
  MAX_LIST_LIMIT,
  MAX_NAME_LENGTH,
  MAX_TOP_K,
} from "./limits.js";
import type { KnowledgeBaseStore, NewDocument } from "./store.js";
import { isPlainObject, optionalCount, requireArray, requireKnowledgeBaseId, requireString, type Body } from "./validate.js";

export type Handler = (store: KnowledgeBaseStore, body: Body) => unknown;

/** POST /llm/knowledge/create `{ knowledgeBaseName }` -> `{ knowledgeBaseId, knowledgeBaseName }`. */
export const create: Handler = (store, body) => {
  const name = requireString(body, "knowledgeBaseName", { nonEmpty: true, maxLength: MAX_NAME_LENGTH });
  const kb = store.createKnowledgeBase(name);
  return { knowledgeBaseId: kb.id, knowledgeBaseName: kb.name };
};

/**
 * POST /llm/knowledge/search `{ knowledgeBaseId, query, topK?, filterConditions? }` -> hits
 * shaped like the hosted service's: `{ fileId, score, source: { title, doc, para } }`, where
 * `doc` is a JSON string holding `content_se` (what the reference client decodes).
 */
export const search: Handler = (store, body) => {
  const knowledgeBaseId = requireKnowledgeBaseId(body);
  const query = requireString(body, "query");
  const topK = optionalCount(body, "topK", DEFAULT_TOP_K, 1, MAX_TOP_K);
  const terms = parseFilterConditions(body.filterConditions);
  return store.search(knowledgeBaseId, query, topK, terms).map((hit) => ({
    fileId: hit.id,
    score: hit.score,
    source: {
      title: hit.title,
      doc: JSON.stringify({
        _doc_id: hit.id,
        _id: hit.id,
        content_se: hit.content,
        knowledgeBaseId,
        title: hit.title,
        metadata: hit.metadata,
      }),
      para: hit.content,
    },
  }));
};

/** POST /llm/knowledge/documents/add `{ knowledgeBaseId, documents: [...] }` -> `{ documentIds }`. */
export const addDocuments: Handler = (store, body) => {
  const knowledgeBaseId = requireKnowledgeBaseId(body);
  const raw = requireArray(body, "documents");
  if (raw.length > MAX_DOCUMENTS_PER_REQUEST) {
    throw new ServiceError(
      ErrorCode.TOO_MANY_DOCUMENTS,
      `at most ${MAX_DOCUMENTS_PER_REQUEST} documents per request (got ${raw.length}); send several batches`,
    );
  }
  const documents = raw.map(toNewDocument);
  return { documentIds: store.addDocuments(knowledgeBaseId, documents) };
};

/** POST /llm/knowledge/documents/list `{ knowledgeBaseId, offset?, limit? }` -> `{ total, documents }`. */
export const listDocuments: Handler = (store, body) => {
  const knowledgeBaseId = requireKnowledgeBaseId(body);
  const offset = optionalCount(body, "offset", 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = optionalCount(body, "limit", DEFAULT_LIST_LIMIT, 1, MAX_LIST_LIMIT);
  return store.listDocuments(knowledgeBaseId, offset, limit);
};

/** POST /llm/knowledge/documents/delete `{ knowledgeBaseId, documentIds }` -> `{ deleted }`. */
export const deleteDocuments: Handler = (store, body) => {
  const knowledgeBaseId = requireKnowledgeBaseId(body);
  const ids = requireArray(body, "documentIds");
  if (ids.length > MAX_DOCUMENTS_PER_REQUEST) {
    throw new ServiceError(ErrorCode.TOO_MANY_DOCUMENTS, `at most ${MAX_DOCUMENTS_PER_REQUEST} ids per request`);
  }
  ids.forEach((id, index) => {
    if (typeof id !== "string") throw invalidArgument(`documentIds[${index}] must be a string`);
  });
  return { deleted: store.deleteDocuments(knowledgeBaseId, ids as string[]) };
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
    document.metadata = value.metadata;
  }
  return document;
}
