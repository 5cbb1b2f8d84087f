/**
 * A change inside a shared component is one finding per operation that reaches it (DESIGN.md: a
 * finding belongs to a tool), all at the same place in the component's file. The text and
 * markdown formats show such a change once, at its place, with the tools it reaches; `--format
 * github` makes it one annotation. A finding without a place, or at a place one operation alone
 * reaches, stays with its tool.
 */
import type { DiffChange } from "./change.js";
import { mainPlace } from "./place-text.js";

export interface SharedFinding {
  /** The finding with the shortest message: the component's own path, not one operation's. */
  readonly change: DiffChange;
  /** Every tool reaching the place, in the order of the (sorted) findings. */
  readonly tools: readonly string[];
}

export function sharedFindings(changes: readonly DiffChange[]): { shared: SharedFinding[]; alone: DiffChange[] } {
  const groups = new Map<string, DiffChange[]>();
  for (const change of changes) {
    const place = mainPlace(change);
    if (!place || !change.operation) continue;
    const key = JSON.stringify([change.level, change.id, place.file, place.line, place.column]);
    const group = groups.get(key);
    if (group) group.push(change);
    else groups.set(key, [change]);
  }
  const sharedChanges = new Set<DiffChange>();
  const shared: SharedFinding[] = [];
  for (const group of groups.values()) {
    const tools = [...new Set(group.map(toolOf))];
    if (tools.length < 2) continue;
    for (const change of group) sharedChanges.add(change);
    const change = group.reduce((a, b) => (b.message.length < a.message.length ? b : a));
    shared.push({ change, tools });
  }
  return { shared, alone: changes.filter((c) => !sharedChanges.has(c)) };
}

/** The tool a finding concerns, as the formats name it (`T/1/a -> T/2/b` when it was renamed). */
export function toolOf(change: DiffChange): string {
  if (!change.operation) return "all tools";
  const { old: before, new: after } = change.tool;
  return before && after && before !== after ? `${before} -> ${after}` : (after ?? before ?? "");
}

/** `3 tools: a, b, c`, at most `listed` of them named. */
export function toolsText(tools: readonly string[], listed = 10): string {
  if (tools.length === 1) return `tool ${tools[0]}`;
  const more = tools.length > listed ? ` and ${tools.length - listed} more` : "";
  return `${tools.length} tools: ${tools.slice(0, listed).join(", ")}${more}`;
}
