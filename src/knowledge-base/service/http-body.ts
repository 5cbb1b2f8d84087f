/**
 * Reads and parses a JSON request body. The size limit is enforced while streaming, so an
 * oversized body is refused (413) without being buffered; bad JSON is a transport-level 400.
 */
import type { IncomingMessage } from "node:http";
import { HttpError } from "./errors.js";

export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `malformed JSON in the request body: ${(error as Error).message}`);
  }
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `request body larger than ${maxBytes} bytes`);
}
