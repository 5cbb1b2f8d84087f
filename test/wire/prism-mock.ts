/**
 * Stoplight Prism's validating mock (`prism mock --errors`) as a child process on 127.0.0.1.
 * Prism checks every request against the description and answers 422 (invalid), 401 (security
 * not satisfied), 406 (Accept not satisfiable) or 404/405 (no such route), each with a
 * problem+json body naming what was wrong.
 *
 * Prism dereferences the whole description at start, and large response graphs take minutes
 * (Stripe: over 10): the copy handed to it has its response schemas and examples removed. The
 * media types stay, so Accept is still negotiated against what each response declares.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../support/output-dir.js";

const PRISM = join(REPO_ROOT, "node_modules/@stoplight/prism-cli/dist/index.js");
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export interface PrismMock {
  readonly url: string;
  /** Everything Prism wrote, for a failure message. */
  output(): string;
  close(): Promise<void>;
}

export async function startPrism(document: Record<string, unknown>, options: { readonly heapMb?: number } = {}): Promise<PrismMock> {
  const dir = mkdtempSync(join(tmpdir(), "toolgen-prism-"));
  const file = join(dir, "description.json");
  writeFileSync(file, JSON.stringify(withoutResponseSchemas(document)));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${options.heapMb ?? 2048}`, PRISM, "mock", file, "--errors", "-p", String(port), "-h", "127.0.0.1"],
    { cwd: dir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const close = async () => {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, close };
}

/** A port nobody listens on right now (Prism takes a port number, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function listening(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (/Prism is listening/.test(output())) done();
    };
    const onExit = (code: number | null) => done(new Error(`prism exited (${code}) before listening:\n${output().slice(-4000)}`));
    function done(error?: Error) {
      child.stdout!.off("data", onData);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve();
    }
    child.stdout!.on("data", onData);
    child.once("exit", onExit);
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** A copy of the description whose responses keep their media types but no schemas or examples. */
export function withoutResponseSchemas(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document);
  const strip = (responses: unknown) => {
    if (!isObject(responses)) return;
    for (const response of Object.values(responses)) {
      if (!isObject(response) || !isObject(response.content)) continue;
      for (const [mediaType, media] of Object.entries(response.content)) {
        // An empty Media Type Object: Prism answers with no body, which is all a request test needs.
        if (isObject(media)) response.content[mediaType] = {};
      }
      delete response.headers;
      delete response.links;
    }
  };
  const paths = copy.paths;
  if (isObject(paths)) {
    for (const pathItem of Object.values(paths)) {
      if (!isObject(pathItem)) continue;
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (isObject(operation)) {
          strip(operation.responses);
          delete operation.callbacks;
        }
      }
    }
  }
  const components = copy.components;
  if (isObject(components)) {
    strip(components.responses);
    delete components.headers;
    delete components.links;
    delete components.callbacks;
  }
  delete copy.webhooks;
  return copy;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
