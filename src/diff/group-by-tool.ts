/** Findings grouped by the tool they concern, in the order of the (sorted) findings. */
import { operationText, type DiffChange } from "./change.js";

export interface ToolGroup {
  /** `T/1/getPet`, `T/1/old -> T/2/new`, or `All tools` for document-level findings. */
  readonly title: string;
  /** `GET /pets/{id}`, empty for document-level findings. */
  readonly operation: string;
  readonly changes: DiffChange[];
}

export function groupByTool(changes: readonly DiffChange[]): ToolGroup[] {
  const groups = new Map<string, ToolGroup>();
  for (const change of changes) {
    const key = change.operation ? operationText(change.operation) : "";
    let group = groups.get(key);
    if (!group) {
      const { old: before, new: after } = change.tool;
      const title = !change.operation
        ? "All tools"
        : before && after && before !== after
          ? `${before} -> ${after}`
          : (after ?? before ?? "");
      group = { title, operation: key, changes: [] };
      groups.set(key, group);
    }
    group.changes.push(change);
  }
  return [...groups.values()];
}
