/**
 * What `toolgen diff` reports: one finding per change, each naming the tool on both sides, the
 * operation, the place inside it and a sentence a person can act on (DESIGN.md "Diff" fixes
 * `summary` + `changes[{id, level, tool, operation, message}]`; the rest are extra fields).
 */
import type { FindingSource } from "./finding-places.js";

/**
 * `breaking`: code compiled against the old client, or a model prompted with the old tools, fails.
 * `warning`: may fail at run time, or the description cannot tell (oasdiff's WARN).
 * `info`: safe; changelog only.
 */
export type Level = "breaking" | "warning" | "info";

export const LEVELS: readonly Level[] = ["breaking", "warning", "info"];

/** Higher is more severe. */
export function levelRank(level: Level): number {
  return level === "breaking" ? 3 : level === "warning" ? 2 : 1;
}

export function isLevel(text: string): text is Level {
  return (LEVELS as readonly string[]).includes(text);
}

export type Direction = "request" | "response";

export type Section = "document" | "operation" | "parameter" | "body" | "response" | "security";

export interface ChangeLocation {
  readonly section: Section;
  /** For `parameter`: the parameter as it is on the new side (the old side when it was removed). */
  readonly parameter?: { readonly name: string; readonly in: string };
  /** For `response`: the status as written (`200`, `2XX`, `default`). */
  readonly status?: string;
  /** For a declared response header: its name as written (matched case-insensitively). */
  readonly header?: string;
  readonly mediaType?: string;
  /** Property path inside the schema, segments joined with `/` (`data/typeEnum`, `items/id`). */
  readonly property?: string;
}

export interface OperationRef {
  /** Upper case, as people write it: `GET`. */
  readonly method: string;
  readonly path: string;
  readonly operationId?: string;
}

export interface ToolRef {
  readonly old?: string;
  readonly new?: string;
}

export interface DiffChange {
  /** Rule id (see rules.ts); several findings can share one. */
  readonly id: string;
  readonly level: Level;
  readonly tool: ToolRef;
  /** Absent for document-level findings (every tool renamed at once). */
  readonly operation?: OperationRef;
  readonly location: ChangeLocation;
  readonly message: string;
  /**
   * 12 hex digits of sha256(rule id, operation, location): stable across rewordings and across
   * unrelated edits, so `--ignore <fingerprint>` keeps working on the next pull request.
   */
  readonly fingerprint: string;
  /** Request or response side, for schema findings. */
  readonly direction?: Direction;
  /** When the operation moved (second-pass match by operationId): where it was. */
  readonly previous?: OperationRef;
  /** For `all-tools-renamed`: every rename, in document order. */
  readonly renames?: readonly RenamedTool[];
  /**
   * Where the changed node is written, on each side it exists on: file, 1-based line and column,
   * JSON pointer within that file. Present when the descriptions were loaded from text.
   */
  readonly source?: FindingSource;
}

export interface RenamedTool {
  readonly old: string;
  readonly new: string;
  readonly method: string;
  readonly path: string;
  /** When the generated function is renamed too. */
  readonly oldFunction?: string;
  readonly newFunction?: string;
}

export interface DiffSummary {
  breaking: number;
  warning: number;
  info: number;
}

export interface DiffResult {
  readonly summary: DiffSummary;
  readonly changes: readonly DiffChange[];
  /** Findings dropped by the configuration (`--ignore`, level `off`). Not part of the JSON output. */
  readonly ignored: number;
  /** Title and version of each side, for headings. */
  readonly old: { readonly title: string; readonly version: string };
  readonly new: { readonly title: string; readonly version: string };
}

export function summarize(changes: readonly DiffChange[]): DiffSummary {
  const summary: DiffSummary = { breaking: 0, warning: 0, info: 0 };
  for (const change of changes) summary[change.level]++;
  return summary;
}

/** `parameter query id`, `response 200 application/json data/id`, `response 200 header x-rate-limit`, `body application/json name`. */
export function locationText(location: ChangeLocation): string {
  const parts: string[] = [location.section];
  if (location.parameter) parts.push(location.parameter.in, location.parameter.name);
  if (location.status !== undefined) parts.push(location.status);
  if (location.header !== undefined) parts.push("header", location.header);
  if (location.mediaType !== undefined) parts.push(location.mediaType);
  if (location.property !== undefined && location.property !== "") parts.push(location.property);
  return parts.join(" ");
}

export function operationText(operation: OperationRef | undefined): string {
  return operation ? `${operation.method} ${operation.path}` : "(document)";
}
