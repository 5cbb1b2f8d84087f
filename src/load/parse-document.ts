/**
 * Text -> object, YAML or JSON whatever the extension or Content-Type says. JSON goes through
 * `JSON.parse` first (77 ms for the 13 MB GitHub description); everything else through js-yaml,
 * which is ~8-13x faster than the `yaml` package on large descriptions (bench/yaml-parse.mjs).
 * YAML is a superset of JSON, so a file that fails JSON.parse still gets js-yaml's error with
 * its line and column.
 */
import jsYaml from "js-yaml";
import { BadInputError } from "./bad-input-error.js";
import type { OpenApiVersion } from "./loaded-description.js";
import { checkExpandedSize } from "./expansion-limit.js";
import { checkNestingDepth } from "./nesting-limit.js";

export function parseDocument(text: string, where: string): unknown {
  return readDocument(text, where).value;
}

/** parseDocument, also telling which parser read the text (places are found in it by format). */
export function readDocument(text: string, where: string): { value: unknown; json: boolean } {
  const start = text.trimStart();
  if (start.startsWith("<")) {
    throw new BadInputError("expected an OpenAPI description (YAML or JSON), got HTML or XML", where);
  }
  if (start.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Fall through: js-yaml reports where it went wrong, with line and column.
    }
    if (parsed !== undefined) {
      checkNestingDepth(parsed, where);
      return { value: parsed, json: true };
    }
  }
  let parsed: unknown;
  try {
    parsed = jsYaml.load(text, { filename: where, json: true });
  } catch (error) {
    const e = error as { reason?: string; mark?: { line: number; column: number }; message: string };
    if (e.mark) throw new BadInputError(`YAML syntax error: ${e.reason ?? e.message}`, `${where}:${e.mark.line + 1}:${e.mark.column + 1}`);
    throw new BadInputError(`cannot be parsed: ${e.message.split("\n")[0]}`, where);
  }
  // JSON has no aliases; only YAML can blow up when walked.
  if (/[&*]/.test(text)) checkExpandedSize(parsed, where);
  return { value: parsed, json: false };
}

/**
 * OpenAPI 3.0.x, 3.1.x, 3.2.x or Swagger 2.0 (which load converts to OpenAPI 3.0); anything else,
 * Swagger 1.x included, is refused with a message saying so.
 */
export function openapiVersionOf(document: unknown, where: string): "2.0" | OpenApiVersion {
  if (typeof document !== "object" || document === null || Array.isArray(document)) {
    throw new BadInputError(`expected an OpenAPI description (an object), got ${Array.isArray(document) ? "a list" : typeof document}`, where);
  }
  const record = document as Record<string, unknown>;
  if (record.swagger !== undefined) {
    // YAML reads an unquoted `swagger: 2.0` as the number 2.
    if (record.swagger === "2.0" || record.swagger === 2) return "2.0";
    throw new BadInputError(`Swagger ${String(record.swagger)} is not supported (Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x are)`, where);
  }
  const version = record.openapi;
  if (typeof version === "string" && /^3\.0(\.\d+)?$/.test(version)) return "3.0";
  if (typeof version === "string" && /^3\.1(\.\d+)?$/.test(version)) return "3.1";
  if (typeof version === "string" && /^3\.2(\.\d+)?$/.test(version)) return "3.2";
  if (version === undefined) throw new BadInputError("not an OpenAPI description: the `openapi` field is missing", where);
  throw new BadInputError(`unsupported OpenAPI version ${JSON.stringify(version)} (3.0.x, 3.1.x and 3.2.x are supported)`, where);
}
