/**
 * `--format markdown`: a pull-request comment. Breaking changes and warnings as tables up front;
 * info findings folded into a <details> block so the comment stays short. Each place links to its
 * line: relative to the comment's page, or under `linkBase` (a repository's blob URL at a commit).
 */
import type { SourcePlace } from "../load/source-places.js";
import { locationText, type DiffChange, type DiffResult, type Level } from "./change.js";
import { existsSync } from "node:fs";
import { placeText } from "./place-text.js";
import { sharedFindings, toolsText } from "./shared-places.js";

export interface MarkdownOptions {
  /** Put before each working-tree file's path in links (`https://github.com/o/r/blob/<sha>/`). */
  readonly linkBase?: string;
  /**
   * Whether a place's file is in the working tree, where a link can reach it (default: it exists,
   * relative to the working directory); a git revision's document is shown as code instead.
   */
  readonly isFile?: (file: string) => boolean;
}

const HEADINGS: Record<Level, string> = { breaking: "Breaking changes", warning: "Warnings", info: "Other changes" };

export function formatMarkdown(result: DiffResult, options: MarkdownOptions = {}): string {
  const { old: a, new: b, summary } = result;
  const versions =
    a.title === b.title && a.version === b.version
      ? `${cell(a.title)} ${cell(a.version)}`
      : `${cell(a.title)} ${cell(a.version)} → ${cell(b.title)} ${cell(b.version)}`;
  const lines = [`### toolgen diff: ${versions}`, ""];
  const ignored = result.ignored > 0 ? ` (${result.ignored} ignored by configuration)` : "";
  lines.push(
    `**${summary.breaking} breaking**, ${summary.warning} warning${summary.warning === 1 ? "" : "s"}, ${summary.info} info${ignored}`,
  );
  if (result.changes.length === 0) {
    lines.push("", "No changes.");
    return lines.join("\n");
  }
  const { shared, alone } = sharedFindings(result.changes);
  for (const level of ["breaking", "warning", "info"] as Level[]) {
    const changes = result.changes.filter((c) => c.level === level);
    if (changes.length === 0) continue;
    lines.push("");
    if (level === "info") lines.push(`<details><summary>${HEADINGS[level]} (${changes.length})</summary>`, "");
    else lines.push(`#### ${HEADINGS[level]} (${changes.length})`, "");
    lines.push("| Tool | Operation | Where | Change | Rule |", "|---|---|---|---|---|");
    // A change in a shared component is one row, listing the tools it reaches.
    for (const finding of shared) if (finding.change.level === level) lines.push(row(finding.change, options, finding.tools));
    for (const change of alone) if (change.level === level) lines.push(row(change, options));
    if (level === "info") lines.push("", "</details>");
  }
  return lines.join("\n");
}

function row(change: DiffChange, options: MarkdownOptions, sharedBy?: readonly string[]): string {
  const { old: before, new: after } = change.tool;
  const tool = sharedBy
    ? cell(toolsText(sharedBy))
    : !change.operation
      ? "all tools"
      : before && after && before !== after
        ? `${code(before)} → ${code(after)}`
        : code(after ?? before ?? "");
  const operation = change.operation && !sharedBy ? code(`${change.operation.method} ${change.operation.path}`) : "";
  const logical =
    change.location.section === "document" || change.location.section === "operation" ? "" : cell(locationText(change.location));
  const { old: was, new: is } = change.source ?? {};
  const places = [is ? link(is, options) : "", was ? `${is ? "was " : ""}${link(was, options)}` : ""].filter((p) => p !== "");
  const where = [logical, ...places].filter((p) => p !== "").join("<br>");
  let message = cell(change.message);
  if (change.renames && change.renames.length > 0) {
    message +=
      "<br>" +
      change.renames
        .map(
          (r) =>
            `${code(r.old)} → ${code(r.new)}${r.oldFunction !== undefined ? ` (function ${code(r.oldFunction)} → ${code(r.newFunction ?? "")})` : ""}`,
        )
        .join("<br>");
  }
  return `| ${tool} | ${operation} | ${where} | ${message} | ${code(change.id)} \`${change.fingerprint}\` |`;
}

/** `[file:line:column](…#L<line>)`; a git revision's document, which no URL reaches, as code. */
function link(place: SourcePlace, options: MarkdownOptions): string {
  const text = cell(placeText(place)).replaceAll("[", "\\[").replaceAll("]", "\\]");
  if (/^https?:\/\//i.test(place.file)) return `[${text}](${href(encodeURI(place.file))})`;
  if (!(options.isFile ?? existsSync)(place.file)) return code(placeText(place));
  const path = place.file.split("/").map(encodeURIComponent).join("/");
  return `[${text}](${href(`${options.linkBase ?? ""}${path}`)}#L${place.line})`;
}

/** A link target that cannot end the Markdown link early. */
function href(target: string): string {
  return target.replaceAll("(", "%28").replaceAll(")", "%29").replaceAll(" ", "%20").replaceAll("|", "%7C");
}

/** Table-safe text: no line breaks, pipes and HTML escaped. */
function cell(text: string): string {
  return text
    .replace(/\s*\n\s*/g, " ")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("|", "\\|");
}

/** Inline code that survives backticks inside the text. */
function code(text: string): string {
  const safe = cell(text);
  return safe.includes("`") ? `\`\` ${safe} \`\`` : `\`${safe}\``;
}
