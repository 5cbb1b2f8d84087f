/**
 * `startKnowledgeBaseService`: the knowledge-base protocol over node:http.
 *
 * Every route is `POST` with a JSON body, like the hosted `/llm/knowledge/*` endpoints. Answers
 * are `{ logId, errorCode, errorMsg, result, timestamp }` envelopes; see errors.ts for which
 * failures are HTTP 200 with a nonzero errorCode and which are HTTP errors.
 */
import { randomFillSync } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHostCheck } from "../../http-guard/host-check.js";
import { parseRequestTarget } from "../../http-guard/request-target.js";
import { applyServerLimits, resolveLimits, serverOptions, type ServerLimits } from "../../http-guard/server-limits.js";
import { tokenCheck } from "./auth.js";
import { HttpError, ServiceError, invalidArgument } from "./errors.js";
import * as handlers from "./handlers.js";
import { readJsonBody } from "./http-body.js";
import { JsonPieces } from "./json-pieces.js";
import { MAX_BODY_BYTES } from "./limits.js";
import { openStorage, type StorageChoice } from "./open-storage.js";
import { StorageUnavailableError, type KnowledgeBaseStorage } from "./storage.js";
import { isPlainObject } from "./validate.js";

/** Where the knowledge bases are kept: `dataDir` (SQLite) or `databaseUrl` (PostgreSQL), see StorageChoice. */
export interface KnowledgeBaseServiceOptions extends StorageChoice {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (this machine only). */
  host?: string;
  /**
   * Accepted access tokens (`Authorization: token <t>`); any other request gets HTTP 403.
   * An empty list turns access control off.
   */
  tokens: readonly string[];
  /** Where internal errors are reported (never tokens or request bodies). Default: none. */
  log?: (line: string) => void;
  /**
   * Host names served besides IP addresses, `localhost` and the listen host (DNS-rebinding
   * protection, see docs/security.md); `["*"]` serves any Host.
   */
  allowedHosts?: readonly string[];
  /** Timeouts, connection cap and JSON depth; each defaults to `DEFAULT_SERVER_LIMITS`. */
  limits?: Partial<ServerLimits>;
}

export interface KnowledgeBaseService {
  /** Base address, e.g. `http://127.0.0.1:53123`; use it as the client's `baseUrl`. */
  readonly url: string;
  /** The backend the service runs on. */
  readonly storage: KnowledgeBaseStorage["kind"];
  /** Where it keeps the knowledge bases, for people (a database URL without its password). */
  readonly location: string;
  /** Stops accepting connections, lets requests in progress finish, then closes the database. */
  close(): Promise<void>;
}

const ROUTES: Readonly<Record<string, handlers.Handler>> = {
  "/llm/knowledge/create": handlers.create,
  "/llm/knowledge/search": handlers.search,
  "/llm/knowledge/documents/add": handlers.addDocuments,
  "/llm/knowledge/documents/list": handlers.listDocuments,
  "/llm/knowledge/documents/delete": handlers.deleteDocuments,
};

/** How long `close()` waits for requests in progress before cutting their connections. */
const CLOSE_GRACE_MS = 5_000;

/** How long the readiness check waits for the database. */
const READY_TIMEOUT_MS = 1_000;

const HEALTH_PATHS: ReadonlyMap<string, "/health" | "/ready"> = new Map([
  ["/health", "/health"],
  ["/ready", "/ready"],
]);

/** Retry-After (seconds) of a 503 while the database cannot be reached. */
const RETRY_AFTER_SECONDS = 5;

export async function startKnowledgeBaseService(options: KnowledgeBaseServiceOptions): Promise<KnowledgeBaseService> {
  const { port = 0, host = "127.0.0.1", tokens, log } = options;
  if (!Array.isArray(tokens))
    throw new TypeError("startKnowledgeBaseService: tokens must be an array (empty: no access control)");
  const limits = resolveLimits(options.limits);
  const storage = await openStorage(options);
  const auth = tokenCheck(tokens);
  let checkHost: ReturnType<typeof createHostCheck> = () => ({ ok: false, status: 421, message: "not listening yet" });

  const server = createServer(serverOptions(limits), (request, response) => {
    handle(request, response).catch((error: unknown) => {
      log?.(`knowledge base service: internal error: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) send(response, 500, envelope(500, "internal error", null));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const verdict = checkHost(request.headers);
      if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
      // Probes carry no token and learn nothing but whether the service (and its database) answers.
      const probe = HEALTH_PATHS.get(request.url ?? "");
      if (probe !== undefined) return await answerHealth(probe, request, response);
      if (!auth.accepts(request.headers.authorization)) {
        // Checked first: nothing of an unauthenticated request is read or parsed.
        throw new HttpError(403, "missing or invalid access token (send Authorization: token <token>)");
      }
      const target = parseRequestTarget(request.url);
      if (target === undefined) throw new HttpError(400, "the request target is not a path this service can read");
      // Not percent-decoded: `%2F` is not a separator, so /llm%2Fknowledge/create is no route.
      const path = target.path.replace(/\/+$/, "");
      const handler = ROUTES[path];
      if (!handler) throw new HttpError(404, `no such endpoint: ${path || "/"}`);
      if (request.method !== "POST") throw new HttpError(405, `${path} accepts POST only`, { Allow: "POST" });
      // Protocol clients always send JSON. Requiring the header also means a web page cannot
      // write here with a "simple" cross-origin form or text/plain POST: browsers must ask first
      // (CORS preflight), and this service does not allow cross-origin requests.
      if (!isJson(request.headers["content-type"])) {
        throw new HttpError(415, "Content-Type must be application/json");
      }
      const body = await readJsonBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: limits.bodyTimeoutMs, maxDepth: limits.maxJsonDepth });
      if (!isPlainObject(body)) throw invalidArgument("the request body must be a JSON object");
      const result = await handler(storage, body);
      if (result instanceof JsonPieces) sendAnswerPieces(response, result);
      else sendText(response, 200, result instanceof handlers.JsonText ? answerText(result.text) : JSON.stringify(envelope(0, "", result)));
    } catch (error) {
      if (error instanceof ServiceError) send(response, 200, envelope(error.errorCode, error.message, null));
      else if (error instanceof StorageUnavailableError) {
        log?.(`knowledge base service: ${error.message}`);
        send(response, 503, envelope(503, error.message, null), { "Retry-After": String(RETRY_AFTER_SECONDS) });
      }
      else if (error instanceof HttpError) {
        // The request may still be streaming a body we will not read; close after answering.
        response.setHeader("Connection", "close");
        send(response, error.status, envelope(error.status, error.message, null), error.headers);
      } else throw error;
    }
  }

  /**
   * GET /health: the process answers (never waits for the database, so a slow database cannot
   * make an orchestrator kill healthy instances). GET /ready: the database answers too, within
   * READY_TIMEOUT_MS; 503 otherwise, so a load balancer sends requests elsewhere meanwhile.
   */
  async function answerHealth(path: "/health" | "/ready", request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== "GET" && request.method !== "HEAD") throw new HttpError(405, `${path} accepts GET only`, { Allow: "GET, HEAD" });
    if (path === "/health") return send(response, 200, { status: "ok", storage: storage.kind });
    if (await storage.ping(READY_TIMEOUT_MS)) return send(response, 200, { status: "ready", storage: storage.kind });
    send(response, 503, { status: "unavailable", storage: storage.kind }, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }

  applyServerLimits(server, limits);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });

  const address = server.address() as AddressInfo;
  checkHost = createHostCheck({ listenHost: host, port: address.port, ...(options.allowedHosts !== undefined ? { allowedHosts: options.allowedHosts } : {}) });
  const urlHost = address.family === "IPv6" || address.address.includes(":") ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    storage: storage.kind,
    location: storage.location,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          void storage.close().then(resolve, (error: unknown) => {
            log?.(`knowledge base service: closing the database: ${error instanceof Error ? error.message : String(error)}`);
            resolve();
          });
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? "");
}

function envelope(errorCode: number, errorMsg: string, result: unknown): Record<string, unknown> {
  return { logId: logId(), errorCode, errorMsg, result, timestamp: Date.now() };
}

/**
 * Random bytes for log ids, drawn from the system's generator 256 ids at a time: one call per
 * request (randomBytes(16)) cost about 5 µs, a slice of this about 0.3.
 */
const logIdBytes = Buffer.alloc(16 * 256);
let logIdAt = logIdBytes.length;

function logId(): string {
  if (logIdAt === logIdBytes.length) {
    randomFillSync(logIdBytes);
    logIdAt = 0;
  }
  const id = logIdBytes.toString("hex", logIdAt, logIdAt + 16);
  logIdAt += 16;
  return id;
}

/** The text of JSON.stringify(envelope(0, "", result)) before and after a result that is JSON already. */
function answerFrame(): { head: string; tail: string } {
  return { head: `{"logId":"${logId()}","errorCode":0,"errorMsg":"","result":`, tail: `,"timestamp":${Date.now()}}` };
}

/** JSON.stringify(envelope(0, "", result)) for a result that is JSON text already. */
function answerText(result: string): string {
  const { head, tail } = answerFrame();
  return `${head}${result}${tail}`;
}

/** The envelope around a result written as JSON in pieces already (large-answers.ts). */
function sendAnswerPieces(response: ServerResponse, result: JsonPieces): void {
  const frame = answerFrame();
  const head = Buffer.from(frame.head);
  const tail = Buffer.from(frame.tail);
  response.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": head.length + result.byteLength + tail.length });
  // Corked, the pieces leave in few writev calls instead of one write each.
  response.cork();
  response.write(head);
  for (const buffer of result.buffers()) response.write(buffer);
  response.end(tail);
  response.uncork();
}

function send(response: ServerResponse, status: number, body: unknown, headers?: Readonly<Record<string, string>>): void {
  sendText(response, status, JSON.stringify(body), headers);
}

function sendText(response: ServerResponse, status: number, text: string, headers?: Readonly<Record<string, string>>): void {
  if (headers !== undefined) for (const name in headers) response.setHeader(name, headers[name]!);
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
  response.end(text);
}
