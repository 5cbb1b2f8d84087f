/**
 * `--format github`: one GitHub Actions workflow command per finding, which the Actions runner
 * turns into an annotation on the file and line (on the pull request's diff when the line is in
 * it): `::error` for breaking, `::warning` for warnings, `::notice` for info, titled with the rule
 * id; then one summary line.
 *
 * A change inside a shared component is one finding per operation reaching it, all at the same
 * place: those become one annotation naming every tool affected (GitHub shows at most 10 of each
 * kind per step, so repeating one place would crowd the others out).
 *
 * Escaping follows the runner's own rules (actions/toolkit, core/src/command.ts): in the message
 * `%` `\r` `\n` become `%25` `%0D` `%0A`; in property values also `:` and `,` become `%3A` `%2C`.
 */
import { existsSync } from "node:fs";
import type { SourcePlace } from "../load/source-places.js";
import type { DiffChange, DiffResult, Level } from "./change.js";
import { toolOf, toolsText } from "./shared-places.js";

export interface GithubOptions {
  /**
   * Whether a place's file is in the checkout, which GitHub can annotate (default: it exists,
   * relative to the working directory). A git revision's document (`origin/main:api/openapi.yaml`)
   * or a URL is not.
   */
  readonly isFile?: (file: string) => boolean;
}

const COMMANDS: Record<Level, string> = { breaking: "error", warning: "warning", info: "notice" };
/** Tools named in one annotation before the rest are counted. */
const TOOLS_LISTED = 10;

interface Annotation {
  readonly level: Level;
  readonly id: string;
  message: string;
  readonly place?: SourcePlace;
  readonly tools: string[];
}

export function formatGithub(result: DiffResult, options: GithubOptions = {}): string {
  const isFile = options.isFile ?? existsSync;
  const annotations = new Map<string, Annotation>();
  for (const change of result.changes) {
    const place = annotatedPlace(change, isFile);
    // One rule at one place is one annotation, however many operations reach it (their messages
    // differ only in the property path from each operation; the shortest is the component's own).
    const key = JSON.stringify(place ? [change.level, change.id, place.file, place.line, place.column] : [change.level, change.id, change.message]);
    let annotation = annotations.get(key);
    if (!annotation) annotations.set(key, (annotation = { level: change.level, id: change.id, message: change.message, ...(place ? { place } : {}), tools: [] }));
    if (change.message.length < annotation.message.length) annotation.message = change.message;
    const tool = toolOf(change);
    if (!annotation.tools.includes(tool)) annotation.tools.push(tool);
  }
  const lines = [...annotations.values()].map(command);
  const { summary } = result;
  const ignored = result.ignored > 0 ? ` (${result.ignored} ignored by configuration)` : "";
  lines.push(
    `toolgen diff: ${summary.breaking} breaking, ${summary.warning} warning${summary.warning === 1 ? "" : "s"}, ${summary.info} info${ignored}`,
  );
  return lines.join("\n");
}

/**
 * The new file's place (for a removal, the closest node still there), else the old file's when it
 * is in the working tree too; none for a document GitHub cannot annotate (a URL, a git revision).
 */
function annotatedPlace(change: DiffChange, isFile: (file: string) => boolean): SourcePlace | undefined {
  const source = change.source;
  for (const place of [source?.new, source?.near, source?.old]) if (place && isFile(place.file)) return place;
  return undefined;
}

function command(annotation: Annotation): string {
  const { place, tools } = annotation;
  const properties = [
    ...(place ? [`file=${escapeProperty(place.file)}`, `line=${place.line}`, `col=${place.column}`] : []),
    `title=${escapeProperty(annotation.id)}`,
  ];
  const affected = toolsText(tools, TOOLS_LISTED);
  return `::${COMMANDS[annotation.level]} ${properties.join(",")}::${escapeData(`${annotation.message} (${affected})`)}`;
}

export function escapeData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}
