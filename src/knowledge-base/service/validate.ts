/**
 * Field readers for request bodies. Each one either returns a typed value or throws a
 * ServiceError (errorCode 1001) whose message names the field, so a client always learns which
 * part of its request was wrong.
 */
import { invalidArgument } from "./errors.js";

export type Body = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function requireString(body: Body, field: string, options: { nonEmpty?: boolean; maxLength?: number } = {}): string {
  const value = body[field];
  if (typeof value !== "string") throw invalidArgument(`${field} must be a string`);
  if (options.nonEmpty && value.trim() === "") throw invalidArgument(`${field} must not be empty`);
  if (options.maxLength !== undefined && value.length > options.maxLength) {
    throw invalidArgument(`${field} must be at most ${options.maxLength} characters`);
  }
  return value;
}

/**
 * Knowledge-base ids are integers; a decimal string is accepted too, because the hosted service
 * has been seen returning ids as strings and clients may echo them back that way.
 */
export function requireKnowledgeBaseId(body: Body): number {
  const value = body.knowledgeBaseId;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value);
  throw invalidArgument("knowledgeBaseId must be a non-negative integer");
}

/** An optional integer of at least `min`; values above `max` are lowered to `max` (documented caps). */
export function optionalCount(body: Body, field: string, fallback: number, min: number, max: number): number {
  const value = body[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
    throw invalidArgument(`${field} must be an integer of at least ${min}`);
  }
  return Math.min(value, max);
}

export function requireArray(body: Body, field: string): unknown[] {
  const value = body[field];
  if (!Array.isArray(value)) throw invalidArgument(`${field} must be an array`);
  return value;
}
