// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Reading the answer. 2xx: JSON by Content-Type (an invalid body is an error, not data), text
 * for `text/*`, a Blob otherwise, `undefined` for no content. An HTML page where JSON was
 * promised (a proxy's error page with status 200) is an error too. Non-2xx: ToolCallError with
 * the body parsed when it is JSON.
 */
import type { OperationSpec } from "./operation.js";

/** A 2xx answer that cannot be handed back as data (a class, so no JSON body can imitate it). */
export class InvalidAnswer {
  constructor(
    readonly message: string,
    readonly body: unknown,
  ) {}
}

export async function readBody(response: Response): Promise<{ text?: string; blob?: Blob }> {
  const type = contentTypeOf(response);
  if (isJson(type) || type.startsWith("text/") || type === "" || type.includes("xml") || type.includes("html")) {
    return { text: await response.text() };
  }
  return { blob: await response.blob() };
}

export function contentTypeOf(response: Response): string {
  return (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export function isJson(type: string): boolean {
  return type === "application/json" || type.endsWith("+json");
}

/** Decodes a 2xx answer, or describes why it cannot be used. */
export function decodeSuccess(op: OperationSpec, response: Response, read: { text?: string; blob?: Blob }): unknown {
  const type = contentTypeOf(response);
  if (read.blob) return read.blob.size === 0 && op.response !== "binary" ? undefined : read.blob;
  const text = read.text ?? "";
  if (response.status === 204 || response.status === 205 || text === "") return undefined;
  if (isJson(type) || (type === "" && op.response === "json")) {
    try {
      return JSON.parse(text);
    } catch (error) {
      return new InvalidAnswer(`answered ${response.status} with invalid JSON: ${(error as Error).message}`, text.slice(0, 1000));
    }
  }
  if (op.response === "json" && type.includes("html")) {
    return new InvalidAnswer(`answered ${response.status} with an HTML page where JSON was expected: ${snippet(text)}`, text.slice(0, 1000));
  }
  return text;
}

/** The body of an error answer: parsed JSON when it is JSON, else the text. */
export function errorBody(response: Response, read: { text?: string; blob?: Blob }): unknown {
  if (read.blob) return read.blob;
  const text = read.text ?? "";
  if (isJson(contentTypeOf(response))) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function snippet(text: string, max = 200): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine;
}
