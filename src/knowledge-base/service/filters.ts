/**
 * `filterConditions` of a search, the Elasticsearch-style subset the protocol uses:
 * `{ bool: { filter: [{ term: { <key>: <value> } }, ...] } }`, every term must hold (AND).
 *
 * A term on `title` compares the document's title; any other key compares the document's
 * metadata value under that key (a top-level key; dots are not paths). Values compare by JSON
 * type and value (`"1"` does not equal `1`); a metadata array matches when one element equals the
 * value. ES also allows `{ term: { key: { value: v } } }`, so that form is accepted too.
 */
import { ErrorCode, ServiceError } from "./errors.js";
import { isPlainObject } from "./validate.js";

export type TermValue = string | number | boolean;

export interface Term {
  /** `"title"` or a metadata key. */
  readonly key: string;
  readonly value: TermValue;
}

/** Caps the SQL a single request can produce. */
export const MAX_FILTER_TERMS = 32;

export function parseFilterConditions(conditions: unknown): Term[] {
  if (conditions === undefined || conditions === null) return [];
  const bool = isPlainObject(conditions) ? conditions.bool : undefined;
  if (!isPlainObject(conditions) || Object.keys(conditions).length !== 1 || !isPlainObject(bool)) {
    throw invalid("filterConditions must be { bool: { filter: [...] } }");
  }
  const unknown = Object.keys(bool).filter((key) => key !== "filter");
  if (unknown.length > 0) throw invalid(`filterConditions.bool.${unknown[0]} is not supported (only filter)`);
  // ES accepts a single clause as well as an array of clauses.
  const clauses = Array.isArray(bool.filter) ? bool.filter : bool.filter === undefined ? [] : [bool.filter];
  if (clauses.length > MAX_FILTER_TERMS) throw invalid(`at most ${MAX_FILTER_TERMS} filter terms are supported`);
  return clauses.map((clause, index) => parseTerm(clause, `filterConditions.bool.filter[${index}]`));
}

function parseTerm(clause: unknown, where: string): Term {
  if (!isPlainObject(clause)) throw invalid(`${where} must be an object`);
  const kinds = Object.keys(clause);
  if (kinds.length !== 1 || kinds[0] !== "term") {
    throw invalid(`${where} must be { term: { key: value } } (got ${kinds.join(", ") || "an empty object"})`);
  }
  const term = clause.term;
  if (!isPlainObject(term) || Object.keys(term).length !== 1) {
    throw invalid(`${where}.term must be an object with exactly one key`);
  }
  const [key, raw] = Object.entries(term)[0] as [string, unknown];
  const value = isPlainObject(raw) && Object.keys(raw).length === 1 && "value" in raw ? raw.value : raw;
  if (typeof value !== "string" && typeof value !== "boolean" && !(typeof value === "number" && Number.isFinite(value))) {
    throw invalid(`${where}.term.${key} must be a string, number or boolean`);
  }
  return { key, value };
}

function invalid(message: string): ServiceError {
  return new ServiceError(ErrorCode.INVALID_FILTER, message);
}
