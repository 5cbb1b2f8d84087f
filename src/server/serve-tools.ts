/**
 * The tool manager: every tool on one port as `POST /<namespace>/<version>/<ToolName>?version=<v>`,
 * plus the generated description and examples at the fixed paths (spec part A, "tool-manager
 * served tools"). Plain `node:http`: the per-request work is one JSON parse, one validation, the
 * handler and one JSON stringify, and nothing else sits in the way (BENCHMARKS.md compares it with
 * a bare handler).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AnyTool } from "./define-tool.js";
import { descriptionYaml, examplesYaml, toolPath } from "./description-document.js";
import { compileValidator, type ValidationIssue, type Validator } from "./validator.js";

export interface ServeToolsOptions {
  /** First segment of every tool name and path; the description's `info.title`. */
  readonly namespace: string;
  /** Second segment; the description's `info.version`; required as `?version=` on every call. */
  readonly version: string;
  /** `info.description` of the published description. */
  readonly description?: string;
  /** Default 0: any free port. */
  readonly port?: number;
  /** Default 127.0.0.1: this machine only. */
  readonly host?: string;
  /** Largest accepted request body in bytes (default 1 MiB); larger ones get 413. */
  readonly maxBodyBytes?: number;
  /** Check what `run` returns against `output` (default: on unless NODE_ENV is "production"). */
  readonly validateOutput?: boolean;
  /** Where handler failures are reported (default console.error). Answers never carry them. */
  readonly logger?: (message: string, error?: unknown) => void;
}

export interface ToolServer {
  /** `http://host:port`, the address the description's `servers` names. */
  readonly url: string;
  /** Stops accepting connections, lets requests in flight finish, then resolves. */
  close(): Promise<void>;
}

interface Route {
  readonly tool: AnyTool;
  readonly validateInput: Validator;
  readonly validateOutput: Validator | undefined;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export async function serveTools(tools: readonly AnyTool[], options: ServeToolsOptions): Promise<ToolServer> {
  const { namespace, version } = options;
  if (!namespace || /[/?#]/.test(namespace)) throw new TypeError(`serveTools: namespace "${namespace}" must be non-empty and contain no / ? #`);
  if (!version || /[/?#]/.test(version)) throw new TypeError(`serveTools: version "${version}" must be non-empty and contain no / ? #`);
  const checkOutput = options.validateOutput ?? process.env.NODE_ENV !== "production";
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.logger ?? ((message: string, error?: unknown) => console.error(message, error ?? ""));
  const routes = new Map<string, Route>();
  for (const tool of tools) {
    const path = toolPath(namespace, version, tool);
    if (routes.has(path)) throw new TypeError(`serveTools: two tools are named "${tool.name}"`);
    routes.set(path, {
      tool,
      validateInput: compileValidator(tool.input ?? { type: "object" }),
      validateOutput: checkOutput ? compileValidator(tool.output) : undefined,
    });
  }
  const toolPrefix = `/${encodeURIComponent(namespace)}/${encodeURIComponent(version)}/`;
  let description = "";
  const examples = examplesYaml(tools);
  let inFlight = 0;
  let closing = false;
  let drained: (() => void) | undefined;

  const server = createServer((req, res) => {
    inFlight++;
    res.on("close", () => {
      inFlight--;
      if (closing && inFlight === 0) drained?.();
    });
    if (closing) res.setHeader("connection", "close");
    handle(req, res).catch((error: unknown) => {
      log(`tool server: unexpected failure on ${req.method} ${req.url}`, error);
      if (!res.headersSent) sendJson(res, 500, { error: "internal error", message: "the request failed" });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? "/";
    const queryAt = rawUrl.indexOf("?");
    const path = queryAt >= 0 ? rawUrl.slice(0, queryAt) : rawUrl;
    if (path === "/.well-known/openapi.yaml" && (req.method === "GET" || req.method === "HEAD")) {
      return sendText(res, 200, description, "application/yaml", req.method === "HEAD");
    }
    if (path === "/.well-known/examples.yaml" && (req.method === "GET" || req.method === "HEAD")) {
      if (examples === undefined) return sendJson(res, 404, { error: "not found", message: "no tool of this server has examples" });
      return sendText(res, 200, examples, "application/yaml", req.method === "HEAD");
    }
    const route = routes.get(path);
    if (!route) {
      const message = path.startsWith(toolPrefix)
        ? `no tool "${decodeURIComponent(path.slice(toolPrefix.length))}"; this server has ${[...routes.values()].map((r) => r.tool.name).join(", ")}`
        : `no route ${path}`;
      return sendJson(res, 404, { error: "not found", message });
    }
    if (req.method !== "POST") {
      res.setHeader("allow", "POST");
      return sendJson(res, 405, { error: "method not allowed", message: `${route.tool.name} is called with POST` });
    }
    const query = new URLSearchParams(queryAt >= 0 ? rawUrl.slice(queryAt + 1) : "");
    const asked = query.get("version");
    if (asked !== version) {
      return sendJson(res, 400, {
        error: "wrong version",
        message: `this server serves version ${version}${asked === null ? "; add ?version=" + version : `, not ${asked}`}`,
      });
    }
    const body = await readBody(req, maxBodyBytes);
    if (body === undefined) {
      res.setHeader("connection", "close");
      return sendJson(res, 413, { error: "payload too large", message: `the request body is larger than ${maxBodyBytes} bytes` });
    }
    let input: unknown = {};
    if (body.length > 0) {
      try {
        input = JSON.parse(body.toString("utf8"));
      } catch (error) {
        return sendJson(res, 400, { error: "invalid JSON", message: `the request body is not valid JSON: ${(error as Error).message}` });
      }
    }
    const checked = route.validateInput(input);
    if (!checked.ok) return sendJson(res, 400, invalid("invalid input", route.tool.name, checked.issues));
    let output: unknown;
    try {
      output = await route.tool.run(checked.value);
    } catch (error) {
      log(`tool ${route.tool.name} failed`, error);
      return sendJson(res, 500, { error: "internal error", message: `the tool ${route.tool.name} failed` });
    }
    if (route.validateOutput) {
      const result = route.validateOutput(output);
      if (!result.ok) {
        const detail = result.issues.map((i) => `${i.path || "(result)"} ${i.message}`).join("; ");
        log(`tool ${route.tool.name} returned a result that does not match its output schema: ${detail}`);
        return sendJson(res, 500, { error: "internal error", message: `the tool ${route.tool.name} returned an invalid result` });
      }
      output = result.value;
    }
    sendJson(res, 200, output);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`;
  description = descriptionYaml(tools, { namespace, version, serverUrl: url, ...(options.description ? { description: options.description } : {}) });

  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        const finish = () => server.closeAllConnections();
        if (inFlight === 0) finish();
        else drained = finish;
      }),
  };
}

function invalid(error: string, tool: string, issues: readonly ValidationIssue[]) {
  const fields = issues.map((i) => `${i.path || "(input)"}: ${i.message}`).join("; ");
  return { error, message: `${tool}: ${fields}`, issues };
}

/**
 * The body, or `undefined` once it passes `limit`. Past the limit the rest is drained unread (not
 * destroyed), so the 413 answer still reaches the client before the connection closes.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > limit) {
      req.resume();
      return resolve(undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!over) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value) ?? "null";
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string, type: string, headOnly: boolean): void {
  res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "content-length": Buffer.byteLength(text) });
  res.end(headOnly ? undefined : text);
}
