/**
 * A small fetch over node:http and node:https for the no-change check. Node's global `fetch` loads
 * undici on first use, and in a remote no-change run that load cost more than everything else the
 * run does (one conditional GET answered 304, one HEAD, hashing the output): about 60 ms of CPU and
 * 100-250 ms of wall time on a loaded machine, against about 20 ms for node:http. It does what
 * read-document-text.ts asks of a fetch (`DocumentFetch`) and no more: a method, headers, an abort
 * signal and never following a redirect; the answer's body is streamed and decompressed (gzip,
 * deflate, br, offered as fetch offers them) so a 200 hands the load the same bytes fetch would.
 */
import type { IncomingMessage } from "node:http";
import { Readable as NodeReadable } from "node:stream";
import type { DocumentFetch, FetchedResponse } from "./read-document-text.js";

export const lightFetch: DocumentFetch = async (url, init) => {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") throw new TypeError(`unsupported protocol ${target.protocol}`);
  // As fetch does: node:http would send a URL's user name and password as basic auth.
  if (target.username !== "" || target.password !== "") throw new TypeError("a URL with a user name or password is refused (as fetch refuses it)");
  const { request } = target.protocol === "https:" ? await import("node:https") : await import("node:http");
  const signal = init.signal;
  signal?.throwIfAborted();
  const headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br", ...init.headers };
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const sent = request(target, { method: init.method, headers }, resolve);
    const abort = (): void => void sent.destroy(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal?.addEventListener("abort", abort, { once: true });
    sent.once("close", () => signal?.removeEventListener("abort", abort));
    sent.once("error", reject);
    sent.end();
  });
  return responseOf(url, init.method === "HEAD" ? undefined : await decoded(answer), answer);
};

async function decoded(answer: IncomingMessage): Promise<NodeReadable> {
  const encoding = String(answer.headers["content-encoding"] ?? "").trim().toLowerCase();
  if (encoding !== "gzip" && encoding !== "x-gzip" && encoding !== "deflate" && encoding !== "br") return answer;
  const zlib = await import("node:zlib");
  const inflate = encoding === "br" ? zlib.createBrotliDecompress() : encoding === "deflate" ? zlib.createInflate() : zlib.createGunzip();
  answer.once("error", (error) => inflate.destroy(error));
  inflate.once("close", () => answer.destroy());
  return answer.pipe(inflate);
}

function responseOf(url: string, body: NodeReadable | undefined, answer: IncomingMessage): FetchedResponse {
  const status = answer.statusCode ?? 0;
  if (body === undefined) answer.resume();
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: answer.statusMessage ?? "",
    url,
    headers: {
      get(name) {
        const value = answer.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : String(value);
      },
    },
    body: body === undefined ? null : streamOf(body),
  };
}

function streamOf(body: NodeReadable): ReadableStream<Uint8Array> {
  return NodeReadable.toWeb(body) as ReadableStream<Uint8Array>;
}
