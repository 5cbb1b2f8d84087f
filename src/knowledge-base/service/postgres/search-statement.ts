/**
 * A search as one message to the server: `SET LOCAL statement_timeout = …; SELECT … FROM
 * toolgen_search(…)`, sent with the simple query protocol. Several statements in one simple query
 * run as one implicit transaction, so the timeout holds for the search and ends with it, as with
 * `BEGIN … COMMIT`, in one round trip instead of four (BEGIN with the SET, the knowledge-base check,
 * the statement, COMMIT), and through PgBouncer in transaction mode alike. The simple protocol takes
 * no parameters, so the values are written as literals: numbers are checked integers, and strings
 * go through node-postgres's escapeLiteral. Planning stays cheap: the statement is one function
 * call, and the function's own plans are cached per connection.
 */
import pg from "pg";
import type { Term } from "../filters.js";
import { postgresIndexText } from "./index-text.js";

/** The columns of each row of the answer; `score` is BM25 (ranked-search-step.ts). */
export interface SearchRow {
  id: string;
  title: string;
  content: string;
  metadata: Record<string, unknown>;
  score: number;
}

/** SQLSTATE that toolgen_search raises when the knowledge base does not exist. */
export const NO_SUCH_KNOWLEDGE_BASE = "TGK01";

export function searchStatement(
  knowledgeBaseId: number,
  words: readonly string[],
  topK: number,
  terms: readonly Term[],
  statementTimeoutMs: number,
  grams: readonly string[] = [],
): string {
  // PostgreSQL's text and jsonb hold no NUL, so no stored title, key or value has one: a term with
  // one matches nothing, and since every term must hold, the search finds nothing. A NULL in the
  // titles' list says so (it matches no title), and the term stays out of the jsonpath, whose
  // parser refuses \u0000.
  const holdsNul = (term: Term) => term.key.includes("\0") || (typeof term.value === "string" && term.value.includes("\0"));
  const metadata = terms.filter((term) => term.key !== "title" && !holdsNul(term));
  // A title term compares the title with a string; any other value matches no title either.
  const titles = terms
    .filter((term) => term.key === "title" || holdsNul(term))
    .map((term) => (term.key === "title" && typeof term.value === "string" && !holdsNul(term) ? term.value : null));
  const path = metadata.length === 0 ? "NULL" : `${pg.escapeLiteral(metadataPath(metadata))}::jsonpath`;
  // The same terms again as [[key, value], ...], for their postings (facet-postings-step.ts).
  const pairs = metadata.length === 0 ? "NULL" : `${pg.escapeLiteral(JSON.stringify(metadata.map((term) => [term.key, term.value])))}::jsonb`;
  return (
    `SET LOCAL statement_timeout = ${integer(statementTimeoutMs)}; ` +
    `SELECT id, title, content, metadata, score FROM toolgen_search(${integer(knowledgeBaseId)}, ` +
    `${textArray(words.map(postgresIndexText))}, ${textArray(grams)}, ${integer(topK)}, ${path}, ${textArray(titles)}, ${pairs})`
  );
}

/**
 * The metadata terms as one jsonpath predicate, `$."key" == value && …`. In jsonpath's lax mode
 * `$."key" == value` holds when the key's value equals the value or is an array with it among its
 * elements, comparing JSON types apart (true is not 1, "1" is not 1), which is the filter's rule
 * (filters.ts); the GIN index on metadata answers it. Key and value are written as JSON, whose
 * string escapes jsonpath shares.
 */
export function metadataPath(terms: readonly Term[]): string {
  return terms.map((term) => `$.${JSON.stringify(term.key)} == ${JSON.stringify(term.value)}`).join(" && ");
}

function textArray(values: readonly (string | null)[]): string {
  return `ARRAY[${values.map((value) => (value === null ? "NULL" : pg.escapeLiteral(value))).join(", ")}]::text[]`;
}

function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}
