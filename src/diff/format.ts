/** Picks the output format. */
import type { DiffResult, Level } from "./change.js";
import { levelRank } from "./change.js";
import { formatGithub } from "./format-github.js";
import { formatJson } from "./format-json.js";
import { formatMarkdown } from "./format-markdown.js";
import { formatText } from "./format-text.js";
import type { DiffFormat } from "./format-names.js";

export { DIFF_FORMATS, type DiffFormat } from "./format-names.js";

export function formatDiff(result: DiffResult, format: DiffFormat, options: { color?: boolean; linkBase?: string } = {}): string {
  switch (format) {
    case "json":
      return formatJson(result);
    case "markdown":
      return formatMarkdown(result, options.linkBase !== undefined ? { linkBase: options.linkBase } : {});
    case "github":
      return formatGithub(result);
    default:
      return formatText(result, options);
  }
}

/** `--fail-on <level>`: 1 when a finding at or above that level remains, else 0. */
export function exitCodeFor(result: DiffResult, failOn: Level | undefined): number {
  if (failOn === undefined) return 0;
  return result.changes.some((c) => levelRank(c.level) >= levelRank(failOn)) ? 1 : 0;
}
