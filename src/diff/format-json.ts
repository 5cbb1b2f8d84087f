/**
 * `--format json`: the shape DESIGN.md fixes (`summary` + `changes[{id, level, tool, operation,
 * message}]`), each change with its extra fields after those, in a fixed key order.
 */
import type { DiffChange, DiffResult } from "./change.js";

export function formatJson(result: DiffResult): string {
  return JSON.stringify({ summary: result.summary, changes: result.changes.map(ordered) }, null, 2);
}

function ordered(change: DiffChange): Record<string, unknown> {
  return {
    id: change.id,
    level: change.level,
    tool: change.tool,
    ...(change.operation ? { operation: change.operation } : {}),
    message: change.message,
    location: change.location,
    ...(change.direction ? { direction: change.direction } : {}),
    ...(change.previous ? { previous: change.previous } : {}),
    ...(change.renames ? { renames: change.renames } : {}),
    ...(change.source ? { source: change.source } : {}),
    fingerprint: change.fingerprint,
  };
}
