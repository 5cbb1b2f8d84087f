/**
 * One fixed order for findings, so the same two descriptions always give byte-identical output:
 * document-level findings first, then by path, method (OpenAPI order, then 3.2's QUERY, then other
 * methods by name), severity, the place inside the operation, rule id and message. Comparison is
 * by code unit, never by locale.
 */
import { methodRank } from "../model/operation-methods.js";
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
    const byMethod = rankOf(a.operation.method) - rankOf(b.operation.method) || cmp(a.operation.method, b.operation.method);
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

/** Findings carry the method sent (`GET`, `QUERY`, `COPY`), which ranks as its field would. */
function rankOf(wire: string): number {
  return methodRank(wire.toLowerCase());
}

export function sortChanges(changes: readonly DiffChange[]): DiffChange[] {
  return [...changes].sort(compareChanges);
}
