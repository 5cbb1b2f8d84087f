/**
 * One fixed order for findings, so the same two descriptions always give byte-identical output:
 * document-level findings first, then by path, method (OpenAPI order), severity, the place inside
 * the operation, rule id and message. Comparison is by code unit, never by locale.
 */
import { HTTP_METHODS, type HttpMethod } from "../model/toolkit-model.js";
import { levelRank, locationText, type DiffChange, type Section } from "./change.js";

const SECTIONS: readonly Section[] = ["document", "operation", "security", "parameter", "body", "response"];

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareChanges(a: DiffChange, b: DiffChange): number {
  if (!a.operation || !b.operation) {
    if (a.operation || b.operation) return a.operation ? 1 : -1;
  } else {
    const byPath = cmp(a.operation.path, b.operation.path);
    if (byPath !== 0) return byPath;
    const byMethod =
      HTTP_METHODS.indexOf(a.operation.method.toLowerCase() as HttpMethod) -
      HTTP_METHODS.indexOf(b.operation.method.toLowerCase() as HttpMethod);
    if (byMethod !== 0) return byMethod;
  }
  return (
    levelRank(b.level) - levelRank(a.level) ||
    SECTIONS.indexOf(a.location.section) - SECTIONS.indexOf(b.location.section) ||
    cmp(locationText(a.location), locationText(b.location)) ||
    cmp(a.id, b.id) ||
    cmp(a.message, b.message)
  );
}

export function sortChanges(changes: readonly DiffChange[]): DiffChange[] {
  return [...changes].sort(compareChanges);
}
