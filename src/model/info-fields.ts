/**
 * `info.title` and `info.version`, the first two segments of every tool name. Real descriptions
 * leave them empty (Temporal, Ory Kratos, Elasticsearch serverless, every GoDaddy description in
 * APIs.guru), so neither is required:
 *
 * - an empty, blank or missing title takes a fallback named after where the description came from
 *   (`fallbackTitle`), with a warning;
 * - an empty or missing version stays empty, with a warning: tool names keep three segments with
 *   an empty middle one (`Title//operationId`, what the reference's
 *   `f"{title}/{version}/{operationId}"` gives) and calls send no `?version=` at all.
 *
 * A number is read as its text (`version: 2` is common). Anything else that is not a string (an
 * object, an array, a boolean) is refused, naming the pointer.
 */
import { BadInputError } from "../load/bad-input-error.js";
import type { DescriptionSource } from "../load/loaded-description.js";

export interface InfoFields {
  readonly title: string;
  readonly version: string;
  /** Set when `title` is the fallback, not the description's own. */
  readonly titleIsFallback: boolean;
}

export function readInfoFields(info: Record<string, unknown>, source: DescriptionSource, warn: (message: string) => void): InfoFields {
  const declaredTitle = textOf(info.title, "#/info/title", "info.title");
  const version = textOf(info.version, "#/info/version", "info.version");
  let title = declaredTitle;
  if (declaredTitle === "") {
    title = fallbackTitle(source);
    warn(`#/info/title: ${info.title === undefined || info.title === null ? "is missing" : "is empty"}; the tools are named "${title}/${version}/<operationId>" after the ${SOURCE_WORDS[source.kind]} (set info.title to choose the name)`);
  }
  if (version === "") {
    warn(`#/info/version: ${info.version === undefined || info.version === null ? "is missing" : "is empty"}; tool names have an empty middle segment ("${title}//<operationId>") and calls send no ?version=`);
  }
  return { title, version, titleIsFallback: declaredTitle === "" };
}

const SOURCE_WORDS: Readonly<Record<DescriptionSource["kind"], string>> = { file: "file", url: "address", hub: "hub name", git: "file" };

/** The text of a string or number field; `""` when it is missing, null or blank. */
function textOf(value: unknown, pointer: string, name: string): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") {
    const kind = Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;
    throw new BadInputError(`${name} must be a string, not ${kind}`, pointer);
  }
  return value.trim() === "" ? "" : value;
}

/** File and folder names that say nothing about which API it is. */
const GENERIC_NAMES = new Set([
  "openapi",
  "openapi3",
  "swagger",
  "api",
  "apis",
  "spec",
  "specs",
  "index",
  "schema",
  "description",
  "definition",
  "doc",
  "docs",
  ".well-known",
  "well-known",
]);
/** `v1`, `1.0.0`, `2020-08-27`, `v2beta1`: versions, not names. */
const VERSION_LIKE = /^v?\d+([._-]\d+)*([._-]?(alpha|beta|rc|preview)\d*)?$/i;
const DOCUMENT_EXTENSION = /\.(ya?ml|json)$/i;
const LAST_RESORT = "untitled";

/**
 * The title used when `info.title` is empty, deterministic for a given source:
 * - a file: its name without extension, unless that is generic (`openapi`, `swagger`, `api`,
 *   `spec`, `index`, ...) or a version (`v1`, `1.0.0`), in which case the nearest folder name that
 *   is neither: `api/ote-godaddy.com/countries.json` -> `countries`,
 *   `stripe.com/2020-08-27/openapi.yaml` -> `stripe.com`;
 * - an address: its host (with `-<port>` when it has one), plus `-` and the last path segment that
 *   is neither generic nor a version: `https://tools.example.com/wordbook` ->
 *   `tools.example.com-wordbook`, `http://127.0.0.1:5000` -> `127.0.0.1-5000`;
 * - `hub:<name>`: the name.
 * Every fallback keeps only letters, digits, `.`, `_` and `-` (other runs become `-`), so it is a
 * valid path segment and tool-name segment; `untitled` when nothing is left.
 */
export function fallbackTitle(source: DescriptionSource): string {
  if (source.kind === "hub") return cleanSegment(source.input.slice("hub:".length)) || LAST_RESORT;
  const url = new URL(source.documentUrl);
  const segments = url.pathname
    .split("/")
    .filter(Boolean)
    .map((segment, index, all) => {
      const decoded = decodeSegment(segment);
      return index === all.length - 1 ? decoded.replace(DOCUMENT_EXTENSION, "") : decoded;
    });
  const meaningful = segments
    .map(cleanSegment)
    .reverse()
    .find((segment) => segment !== "" && !GENERIC_NAMES.has(segment.toLowerCase()) && !VERSION_LIKE.test(segment));
  if (source.kind === "file" || source.kind === "git") return meaningful ?? LAST_RESORT;
  const host = cleanSegment(url.port === "" ? url.hostname : `${url.hostname}-${url.port}`);
  return [host, meaningful].filter(Boolean).join("-") || LAST_RESORT;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function cleanSegment(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._-]+/gu, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
}
