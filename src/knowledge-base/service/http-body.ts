/**
 * Reads and parses a JSON request body within the shared server limits (src/http-guard): the
 * size is enforced while streaming, so an oversized body is refused (413) without being
 * buffered; a body that does not arrive in time is 408; nesting past the depth limit, numbers
 * JSON cannot carry and bad JSON are a transport-level 400.
 */
import type { IncomingMessage } from "node:http";
import { parseJsonBody } from "../../http-guard/json-body.js";
import { readBody } from "../../http-guard/read-body.js";
import { HttpError } from "./errors.js";
import { parseJsonIncrementally } from "./incremental-json.js";
import { TimeSlice } from "./time-slice.js";

export interface JsonBodyLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly maxDepth: number;
}

/**
 * Bodies up to this size are parsed in one go, which takes a few milliseconds; larger ones (up to
 * MAX_BODY_BYTES, 32 MiB) in steps that let other requests run in between (incremental-json.ts).
 */
const PARSE_AT_ONCE_BYTES = 1024 * 1024;

/** Resolves to undefined when the client went away before sending the whole body. */
export async function readJsonBody(request: IncomingMessage, limits: JsonBodyLimits): Promise<unknown> {
  const read = await readBody(request, { maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs });
  if (read.kind === "too-large") throw new HttpError(413, `request body larger than ${limits.maxBytes} bytes`);
  if (read.kind === "timeout") throw new HttpError(408, `the request body did not arrive within ${limits.timeoutMs} ms`);
  if (read.kind === "aborted") throw new HttpError(400, "the client went away before sending the whole body");
  const parsed =
    read.body.length <= PARSE_AT_ONCE_BYTES
      ? parseJsonBody(read.body.toString("utf8"), limits.maxDepth)
      : await parseJsonIncrementally(read.body, limits.maxDepth, new TimeSlice());
  if (!parsed.ok) throw new HttpError(400, parsed.message.replace("the request body is not valid JSON", "malformed JSON in the request body"));
  return parsed.value;
}
