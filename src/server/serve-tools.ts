/**
 * The tool manager: every tool on one port as `POST /<namespace>/<version>/<ToolName>?version=<v>`,
 * plus the generated description and examples at the fixed paths (spec part A, "tool-manager
 * served tools").
 *
 * Plain `node:http`, chosen by measurement (bench/server.mjs, BENCHMARKS.md): the per-request
 * work is one JSON parse, one validation, the handler and one JSON stringify, and nothing else
 * sits in the way, so it keeps ~0.9x of a bare handler doing only the JSON work. Hono's Node
 * adapter converts every request to a Web `Request` and measured 20-45% behind bare node:http
 * (research §3.3); fastify is level with bare, but its ajv coerces `{ word: 2 }` into "2" and it
 * renames schemas unless configured, and we would still write the description ourselves.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createAuthGuard, type AuthGuard, type ToolServerAuth } from "./auth.js";
import type { AnyTool } from "./define-tool.js";
import { buildDescription } from "./description-document.js";
import { examplesYaml } from "./examples-document.js";
import { etagOf, sendDocument, sendError } from "./http-answers.js";
import { createHostCheck } from "../http-guard/host-check.js";
import { declaredTooLarge } from "../http-guard/read-body.js";
import { decodeSegments, parseRequestTarget } from "../http-guard/request-target.js";
import { applyServerLimits, resolveLimits, serverOptions, type ServerLimits } from "../http-guard/server-limits.js";
import { callTool, type Logger } from "./tool-call.js";
import { buildRoutes } from "./tool-routes.js";
import { toYaml } from "./yaml-text.js";

export interface ServeToolsOptions {
  /** First segment of every path and tool name; the description's `info.title`. */
  readonly namespace: string;
  /** Second segment; the description's `info.version`; required as `?version=` on every call. */
  readonly version: string;
  /** `info.description` of the published description (default: a sentence listing the tools). */
  readonly description?: string;
  /** Default 0: any free port (read the chosen one from `url`). */
  readonly port?: number;
  /** Default 127.0.0.1: this machine only. Use 0.0.0.0 deliberately, to serve other machines. */
  readonly host?: string;
  /** Largest accepted request body in bytes (default 1 MiB); a larger one gets 413. */
  readonly maxBodyBytes?: number;
  /** Check what `run` returns against `output` (default: on unless NODE_ENV is "production"). */
  readonly validateOutput?: boolean;
  /** Where failures are reported (default console.error). Answers never carry them. */
  readonly logger?: Logger;
  /** How long `close()` waits for requests in flight before cutting them off (default 30 s). */
  readonly closeTimeoutMs?: number;
  /**
   * Host names served besides IP addresses, `localhost` and the listen host (DNS-rebinding
   * protection, see docs/security.md); `["*"]` serves any Host.
   */
  readonly allowedHosts?: readonly string[];
  /** Timeouts, connection cap and JSON depth; each defaults to `DEFAULT_SERVER_LIMITS`. */
  readonly limits?: Partial<ServerLimits>;
  /**
   * Require a credential on every tool call (default: none). One scheme: a bearer token
   * (`Authorization: Bearer <token>`) or an API key in a header, query parameter or cookie. It
   * is published in the description (`components.securitySchemes` and `security`), so a
   * generated client knows what to send. A call without an accepted credential gets 401 with a
   * `WWW-Authenticate` challenge; the description and `examples.yaml` stay public. Fixed
   * credentials are compared in constant time; none is ever logged or echoed.
   *
   * @example
   * ```ts
   * auth: { scheme: "bearer", token: process.env.TOOLS_TOKEN! }
   * auth: { scheme: "apiKey", in: "header", name: "X-Api-Key", key: ["old-key", "new-key"] }
   * auth: { scheme: "apiKey", in: "query", name: "api_key", key: async (key) => await keys.has(key) }
   * ```
   */
  readonly auth?: ToolServerAuth;
  /**
   * A streaming tool's event stream gets a `: keep-alive` comment whenever its generator has
   * yielded nothing for this long (default 15 s), so proxies and clients that drop an idle
   * connection keep it; 0 sends none. JSON-lines answers have no comments and get none.
   */
  readonly keepAliveMs?: number;
}

export interface ToolServer {
  /** `http://host:port`, the address the description's `servers` names. */
  readonly url: string;
  /** Stops accepting connections, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const DEFAULT_CLOSE_TIMEOUT_MS = 30_000;
/** Below the common idle timeouts of proxies and load balancers (nginx 60 s, AWS ALB 60 s). */
export const DEFAULT_KEEP_ALIVE_MS = 15_000;
const DESCRIPTION_PATH = "/.well-known/openapi.yaml";
const EXAMPLES_PATH = "/.well-known/examples.yaml";
/** Namespace and version are path segments: no separators, nothing that needs a second look. */
const SEGMENT = /^[^/?#%\s\p{Cc}]+$/u;

export async function serveTools(tools: readonly AnyTool[], options: ServeToolsOptions): Promise<ToolServer> {
  const { namespace, version } = options;
  if (typeof namespace !== "string" || !SEGMENT.test(namespace)) throw new TypeError(`serveTools: namespace "${namespace}" must be a non-empty path segment (no / ? # % or spaces)`);
  if (typeof version !== "string" || !SEGMENT.test(version)) throw new TypeError(`serveTools: version "${version}" must be a non-empty path segment (no / ? # % or spaces)`);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!(maxBodyBytes > 0)) throw new TypeError(`serveTools: maxBodyBytes must be positive`);
  const limits = resolveLimits(options.limits);
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  if (!Number.isInteger(keepAliveMs) || keepAliveMs < 0 || keepAliveMs > 2_147_483_647) throw new TypeError(`serveTools: keepAliveMs must be 0 (none) or a whole number of milliseconds, not ${String(keepAliveMs)}`);
  const host = options.host ?? "127.0.0.1";
  let checkHost: ReturnType<typeof createHostCheck> = () => ({ ok: false, status: 421, message: "not listening yet" });
  const log: Logger = options.logger ?? ((message, error) => (error === undefined ? console.error(message) : console.error(message, error)));
  let guard: AuthGuard | undefined;
  try {
    guard = options.auth === undefined ? undefined : createAuthGuard(options.auth, namespace);
  } catch (error) {
    throw new TypeError(`serveTools: ${(error as Error).message}`);
  }
  const routes = buildRoutes(tools, { namespace, version, validateOutput: options.validateOutput ?? process.env.NODE_ENV !== "production" });
  const settings = { version, versionQuery: `version=${encodeURIComponent(version)}`, maxBodyBytes, bodyTimeoutMs: limits.bodyTimeoutMs, maxJsonDepth: limits.maxJsonDepth, log, keepAliveMs };
  const examples = examplesYaml(tools);
  const examplesEtag = examples === undefined ? "" : etagOf(examples);
  const toolPrefix = `/${namespace}/${version}/`;
  let description = ""; // written once the address is known
  const inFlight = new Set<ServerResponse>();
  let closing = false;

  const dispatch = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = checkHost(req.headers);
    if (!verdict.ok) {
      res.setHeader("connection", "close");
      return sendError(res, verdict.status, { error: verdict.status === 421 ? "unknown host" : "cross-origin request", message: verdict.message });
    }
    const target = parseRequestTarget(req.url);
    if (target === undefined) {
      res.setHeader("connection", "close");
      return sendError(res, 400, { error: "bad request target", message: "the request target is not a path this server can read" });
    }
    const path = decodeSegments(target.path);
    const route = path === undefined ? undefined : routes.get(path);
    if (route) {
      if (guard !== undefined) {
        let verdict;
        try {
          verdict = await guard.check(req, target.query);
        } catch (error) {
          log(`tool server: the auth check failed on ${req.method} ${guard.redact(req.url)}`, error);
          return sendError(res, 500, { error: "internal error", message: "the credential could not be checked; the details are in the server's log" });
        }
        if (!verdict.ok) {
          // The body of a refused call is not read: close rather than drain an upload nobody wants.
          if (req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0") res.setHeader("connection", "close");
          res.setHeader("www-authenticate", verdict.challenge);
          return sendError(res, 401, { error: verdict.given ? "invalid credentials" : "missing credentials", message: verdict.message });
        }
      }
      if (req.method === "POST") return callTool(route, req, res, target.query, settings);
      res.setHeader("allow", "POST");
      return sendError(res, 405, { error: "method not allowed", message: `${route.tool.name} is called with POST` });
    }
    if (path === DESCRIPTION_PATH || path === EXAMPLES_PATH) {
      const headOnly = req.method === "HEAD";
      if (req.method !== "GET" && !headOnly) {
        res.setHeader("allow", "GET, HEAD");
        return sendError(res, 405, { error: "method not allowed", message: `${path} is read with GET or HEAD` });
      }
      if (path === DESCRIPTION_PATH) return sendDocument(req, res, description, descriptionEtag);
      if (examples === undefined) return sendError(res, 404, { error: "not found", message: "no tool of this server has examples" });
      return sendDocument(req, res, examples, examplesEtag);
    }
    const message =
      path?.startsWith(toolPrefix) === true
        ? `no tool "${path.slice(toolPrefix.length)}"; this server has ${[...routes.values()].map((r) => r.tool.name).join(", ") || "no tools"}`
        : `no route ${path ?? target.path}; tools are at ${toolPrefix}<ToolName>, the description at ${DESCRIPTION_PATH}`;
    return sendError(res, 404, { error: "not found", message });
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    inFlight.add(res);
    const socket = req.socket;
    res.on("close", () => {
      inFlight.delete(res);
      // A keep-alive connection whose answer was already under way when close() began: end it
      // gently (what is written still goes out) instead of leaving it open until its timeout.
      if (closing && !socket.destroyed) socket.end();
    });
    req.on("error", () => {}); // a client that vanishes mid-request is not the server's failure
    if (closing) res.setHeader("connection", "close");
    dispatch(req, res).catch((error: unknown) => {
      log(`tool server: unexpected failure on ${req.method} ${guard?.redact(req.url) ?? req.url}`, error);
      if (!res.headersSent) sendError(res, 500, { error: "internal error", message: "the request failed; the details are in the server's log" });
      else res.destroy();
    });
  };

  const server = createServer(serverOptions(limits), handle);
  // `Expect: 100-continue`: refuse an announced oversized body before the client sends it.
  server.on("checkContinue", (req, res) => {
    if (!declaredTooLarge(req, maxBodyBytes)) {
      res.writeContinue();
      return handle(req, res);
    }
    res.setHeader("connection", "close");
    sendError(res, 413, { error: "payload too large", message: `the request body is larger than ${maxBodyBytes} bytes` });
  });

  // Built before listening, so a schema that cannot be published fails without a port held open;
  // only `servers` waits for the address.
  const document = buildDescription(tools, {
    namespace,
    version,
    serverUrl: "",
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.auth !== undefined ? { auth: options.auth } : {}),
  });
  applyServerLimits(server, limits);
  await listen(server, options.port ?? 0, host);
  const address = server.address() as AddressInfo;
  checkHost = createHostCheck({ listenHost: host, port: address.port, ...(options.allowedHosts !== undefined ? { allowedHosts: options.allowedHosts } : {}) });
  const url = urlOf(address);
  description = toYaml({ ...document, servers: [{ url }] });
  const descriptionEtag = etagOf(description);

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= new Promise<void>((resolve, reject) => {
      closing = true;
      const timeout = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
      const timer = setTimeout(() => {
        log(`tool server: ${inFlight.size} requests still running ${timeout} ms after close(); cutting them off`);
        server.closeAllConnections();
      }, timeout);
      timer.unref();
      server.close((error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      });
      // Idle keep-alive connections close now; busy ones answer with `Connection: close` and
      // Node closes them after the answer, so every request in flight still gets its answer.
      server.closeIdleConnections();
      for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
    });
    return closed;
  };

  return { url, close };
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const reason = error.code === "EADDRINUSE" ? "the port is in use (port 0 picks a free one)" : error.message;
      reject(Object.assign(new Error(`serveTools: cannot listen on ${host}:${port}: ${reason}`, { cause: error }), { code: error.code }));
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/** The address to publish: a wildcard listener is reached on loopback from this machine. */
function urlOf(address: AddressInfo): string {
  if (address.address === "0.0.0.0") return `http://127.0.0.1:${address.port}`;
  if (address.address === "::") return `http://[::1]:${address.port}`;
  const host = address.family === "IPv6" || address.address.includes(":") ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
