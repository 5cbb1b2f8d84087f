/**
 * What the HTTP layer needs from a place to keep knowledge bases, and nothing about how: SQLite
 * in a data directory (sqlite/) or a PostgreSQL server shared by many instances (postgres/).
 * Both answer every protocol operation identically (ids, ordering, errors), which one behaviour
 * suite run against each of them checks.
 *
 * Every method is asynchronous because a server database is; each one is a transaction that has
 * committed when its promise resolves, so the service acknowledges a write only once it is durable.
 */
import type { Term } from "./filters.js";

export interface KnowledgeBaseRecord {
  id: number;
  name: string;
}

export interface NewDocument {
  /** Absent: the storage assigns a UUID. Present and already stored: the document is replaced. */
  id?: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
}

export interface StoredDocument {
  id: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
}

export interface ScoredDocument extends StoredDocument {
  /** Higher is better; always > 0. Comparable within one answer only (each backend ranks its own way). */
  score: number;
}

/** A document as it is indexed: its texts with unspaced scripts already cut into words (segment.ts). */
export interface IndexedDocument extends NewDocument {
  indexTitle: string;
  indexContent: string;
  /** The Chinese and Japanese characters and character pairs of each text (segment.ts); empty without. */
  gramTitle: string;
  gramContent: string;
}

export interface KnowledgeBaseStorage {
  /** Which backend this is, for logs and the health answer. */
  readonly kind: "sqlite" | "postgres";
  /** Where the knowledge bases are, for people: `data: <dir>`, or `PostgreSQL <url without its password>`. */
  readonly location: string;
  /**
   * Creating a name that exists returns the existing knowledge base (`created: false`) instead of
   * failing: `KnowledgeBase.connect({ knowledgeBaseName })` creates on every start, so this makes
   * reconnecting by name find the same documents again.
   */
  createKnowledgeBase(name: string): Promise<KnowledgeBaseRecord & { created: boolean }>;
  /**
   * Stores documents (all or none) and returns their ids in order. A document whose id is stored
   * already is replaced in place, keeping its position in listings; when one request names an id
   * twice, the later document wins and the position is the earlier one's.
   */
  addDocuments(knowledgeBaseId: number, documents: readonly IndexedDocument[]): Promise<string[]>;
  /** A page of documents in insertion order, plus the total count. */
  listDocuments(knowledgeBaseId: number, offset: number, limit: number): Promise<{ total: number; documents: StoredDocument[] }>;
  /** Deletes documents by id; unknown ids are skipped. Resolves to how many were deleted. */
  deleteDocuments(knowledgeBaseId: number, ids: readonly string[]): Promise<number>;
  /**
   * The `topK` best documents for the query's words (segmented, lower-cased, distinct; a document
   * needs only some of them) and its grams (query-words.ts; searched as searchedGrams says), best
   * first, ties in insertion order, restricted to documents that match every filter term. The
   * score is BM25 over the words plus BM25 over the grams, each with its own statistics (a
   * document's length in grams, the documents that have any): the grams never change how documents
   * without them rank, so text in other languages ranks as it would without them.
   */
  search(knowledgeBaseId: number, words: readonly string[], topK: number, terms: readonly Term[], grams?: readonly string[]): Promise<ScoredDocument[]>;
  /** Whether the storage answers now, within `timeoutMs` (the readiness check; never throws). */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The storage cannot be reached or did not answer in time (the database server is down, restarting
 * or overloaded). The service answers 503 with Retry-After; the request may be sent again.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}
