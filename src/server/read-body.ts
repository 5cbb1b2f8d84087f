/**
 * The request body, read into memory up to a limit. Past the limit nothing more is kept: the
 * caller answers 413 at once with `Connection: close`, and Node closes the socket once that answer
 * is written, so a client streaming a huge body is stopped early instead of being read to the
 * end. A declared Content-Length over the limit is refused before any byte is read.
 */
import type { IncomingMessage } from "node:http";

export type BodyRead = { readonly kind: "body"; readonly body: Buffer } | { readonly kind: "too-large" } | { readonly kind: "aborted" };

export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = req.headers["content-length"];
  return declared !== undefined && Number(declared) > limit;
}

export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  if (declaredTooLarge(req, limit)) return Promise.resolve({ kind: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (result: BodyRead) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        stop({ kind: "too-large" });
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => stop({ kind: "body", body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    // The client went away before sending the whole body: there is nobody to answer.
    const onClose = () => {
      if (!req.complete) stop({ kind: "aborted" });
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("close", onClose);
    req.on("error", onClose); // kept: an error after the answer must not go unhandled
  });
}
