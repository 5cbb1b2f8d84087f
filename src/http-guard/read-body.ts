/**
 * The request body, read into memory up to a size limit and a deadline. Past the limit nothing
 * more is kept; past the deadline (a client trickling bytes, or announcing a body it never
 * sends) the read ends too. Either way the caller answers at once with `Connection: close`, and
 * Node closes the socket once that answer is written, so a hostile client holds neither memory
 * nor a socket for long. A declared Content-Length over the limit is refused before any byte is
 * read.
 */
import type { IncomingMessage } from "node:http";

export type BodyRead =
  | { readonly kind: "body"; readonly body: Buffer }
  | { readonly kind: "too-large" }
  | { readonly kind: "timeout" }
  | { readonly kind: "aborted" };

export interface BodyLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = req.headers["content-length"];
  return declared !== undefined && Number(declared) > limit;
}

export function readBody(req: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  if (declaredTooLarge(req, limits.maxBytes)) return Promise.resolve({ kind: "too-large" });
  if (req.complete) return Promise.resolve(bufferedBody(req, limits));
  // A request that came in one read from the socket (a small one usually does) has its body
  // parsed right after the 'request' event, before promise callbacks run: one microtask later
  // it is in the stream's buffer, taken at once without listeners, a timer or the stream's
  // flowing machinery.
  return Promise.resolve().then(() => (arrived(req) ? bufferedBody(req, limits) : streamedBody(req, limits)));
}

/**
 * Whether the whole body is in the stream's buffer: Node has read the request to its end, or
 * holds as many bytes as its Content-Length (the parser marks the request complete only after
 * promise callbacks have run; a chunked body is never taken before that).
 */
function arrived(req: IncomingMessage): boolean {
  if (req.complete) return true;
  const declared = req.headers["content-length"];
  return declared !== undefined && req.readableFlowing === null && req.readableLength === Number(declared);
}

function bufferedBody(req: IncomingMessage, limits: BodyLimits): BodyRead {
  const body = (req.read() as Buffer | null) ?? Buffer.alloc(0);
  // Flowing with nothing left to read: the stream ends (and closes) once the parser has seen the
  // end of the request, as it does when its data is read by events.
  req.resume();
  // Without a Content-Length (chunked) nothing was refused beforehand.
  return body.length > limits.maxBytes ? { kind: "too-large" } : { kind: "body", body };
}

function streamedBody(req: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (result: BodyRead) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      // Whatever else arrives is not wanted: drop it instead of buffering it in the stream.
      if (result.kind !== "body") req.resume();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) {
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
    const timer = setTimeout(() => {
      chunks.length = 0;
      stop({ kind: "timeout" });
    }, limits.timeoutMs);
    timer.unref();
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("close", onClose);
    req.on("error", onClose); // kept: an error after the answer must not go unhandled
  });
}
