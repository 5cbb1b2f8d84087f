/**
 * The small vocabulary every emitter uses to put description text into TypeScript safely.
 * Nothing from a description is ever placed in code except through these: string literals are
 * JSON-escaped, keys are quoted unless they are plain identifiers, and JSDoc text cannot close
 * its comment.
 */
import { isIdentifier } from "../model/identifier.js";

/** A string literal: JSON escaping, plus U+2028/U+2029 which older parsers treat as line ends. */
export function stringLiteral(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** An object or type-literal key. */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : stringLiteral(name);
}

/** Indexed access `T["key"]`, or `T[200]` for a numeric status code. */
export function indexAccess(target: string, key: string): string {
  return /^[1-9]\d*$/.test(key) ? `${target}[${key}]` : `${target}[${stringLiteral(key)}]`;
}

/**
 * Text for a JSDoc block (ts-morph adds the `/**`, ` * ` and `*\/`): comment terminators broken
 * up, line and paragraph separators normalised, trailing blanks trimmed.
 */
export function docText(text: string): string {
  return text
    .replace(/\r\n?|\u2028|\u2029/g, "\n")
    .replace(/\*\//g, "*\\/")
    .replace(/[ \t]+$/gm, "")
    .trim();
}

/** One-line code span for JSDoc: backticks cannot break out of it. */
export function docCode(text: string): string {
  return "`" + docText(text).replace(/`/g, "'").replace(/\n/g, " ") + "`";
}
