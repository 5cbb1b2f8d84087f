/** Shared helpers of the knowledge-base tests: temp data dirs, canned-answer servers, transpiling. */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { KnowledgeBaseError } from "../../templates/knowledge-base.js";
import { REPO_ROOT } from "../support/output-dir.js";

export const KB_SOURCE = join(REPO_ROOT, "templates/knowledge-base.ts");

const tempDirs: string[] = [];

/** A fresh temporary directory, removed by `removeTempDirs()`. */
export function tempDir(prefix = "kb-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status?: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Never answer (for timeouts). */
  hang?: boolean;
}

export interface FakeService {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP server that records every request and answers what `answer` says: the
 * fault-injection stand-in for a knowledge-base service.
 */
export async function startFakeService(answer: (request: RecordedRequest) => FakeAnswer): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      const reply = answer(recorded);
      if (reply.hang) {
        hanging.add(res);
        return;
      }
      const text = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {});
      res.writeHead(reply.status ?? 200, { "Content-Type": "application/json" });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `{ errorCode: 0, errorMsg: "", result }`. */
export function ok(result: unknown): FakeAnswer {
  return { body: { errorCode: 0, errorMsg: "", result } };
}

/**
 * The compiled sources for child processes (Node 20 cannot run TypeScript itself): `dist/`,
 * which `npm test` builds before running the tests. Returns the directory that mirrors `src/`.
 */
export function transpileForChild(_name: string): string {
  const dist = join(REPO_ROOT, "dist");
  if (!existsSync(join(dist, "cli/kb-command.js"))) throw new Error("dist/ is missing: run `npm run build` first");
  return dist;
}

/** The KnowledgeBaseError `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function catchError(promise: Promise<unknown>): Promise<KnowledgeBaseError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KnowledgeBaseError);
    return error as KnowledgeBaseError;
  }
  throw new Error("expected a KnowledgeBaseError");
}
