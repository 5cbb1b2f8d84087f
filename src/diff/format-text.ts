/**
 * `--format text` (default): a heading with the counts, the changes in shared components once each
 * (shared-places.ts), then the other findings grouped by tool. Colour
 * only when asked (the command asks when stdout is a terminal and NO_COLOR is unset,
 * https://no-color.org).
 */
import { locationText, type DiffResult, type Level } from "./change.js";
import { groupByTool } from "./group-by-tool.js";
import { mainPlace, placeText } from "./place-text.js";
import { sharedFindings, toolsText } from "./shared-places.js";

const COLOURS: Record<Level, string> = { breaking: "\x1b[31m", warning: "\x1b[33m", info: "\x1b[36m" };
const BOLD = "\x1b[1m";
const DIM = "\x1b[2m";
const RESET = "\x1b[0m";

export function formatText(result: DiffResult, options: { color?: boolean } = {}): string {
  const paint = (style: string, text: string) => (options.color ? `${style}${text}${RESET}` : text);
  const { old: a, new: b, summary } = result;
  const heading =
    a.title === b.title && a.version === b.version ? `${a.title} ${a.version}` : `${a.title} ${a.version} -> ${b.title} ${b.version}`;
  const lines = [paint(BOLD, `toolgen diff: ${heading}`)];
  const counts = `${summary.breaking} breaking, ${summary.warning} warning${summary.warning === 1 ? "" : "s"}, ${summary.info} info`;
  lines.push(result.ignored > 0 ? `${counts} (${result.ignored} ignored by configuration)` : counts);
  if (result.changes.length === 0) {
    lines.push("", "No changes.");
    return lines.join("\n");
  }
  const width = Math.max(...result.changes.map((c) => c.level.length));
  const { shared, alone } = sharedFindings(result.changes);
  if (shared.length > 0) lines.push("", paint(BOLD, "Shared components") + `  ${paint(DIM, "one change, several tools")}`);
  for (const { change, tools } of shared) {
    const place = mainPlace(change)!;
    const old = change.source?.new && change.source.old ? `  (was ${placeText(change.source.old)})` : "";
    lines.push(`  ${paint(COLOURS[change.level], change.level.padEnd(width))}  ${placeText(place)}: ${change.message}`);
    lines.push(`  ${" ".repeat(width)}  ${paint(DIM, `${change.id}  reaches ${toolsText(tools)}${old}`)}`);
  }
  for (const group of groupByTool(alone)) {
    lines.push("", paint(BOLD, group.title) + (group.operation ? `  ${paint(DIM, group.operation)}` : ""));
    for (const change of group.changes) {
      const where =
        change.location.section === "document" || change.location.section === "operation" ? "" : `  ${locationText(change.location)}`;
      // The place first, as compilers print it, so a terminal or editor opens the file there.
      const place = mainPlace(change);
      const old = change.source?.new && change.source.old ? `  (was ${placeText(change.source.old)})` : "";
      lines.push(`  ${paint(COLOURS[change.level], change.level.padEnd(width))}  ${place ? `${placeText(place)}: ` : ""}${change.message}`);
      lines.push(`  ${" ".repeat(width)}  ${paint(DIM, `${change.id}${where}  [${change.fingerprint}]${old}`)}`);
      for (const rename of change.renames ?? []) {
        const fn = rename.oldFunction !== undefined ? ` (function ${rename.oldFunction} -> ${rename.newFunction})` : "";
        lines.push(`  ${" ".repeat(width)}    ${rename.method} ${rename.path}: ${rename.old} -> ${rename.new}${fn}`);
      }
    }
  }
  return lines.join("\n");
}
