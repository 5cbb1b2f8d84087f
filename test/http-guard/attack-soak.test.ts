/**
 * All three servers at once (`toolgen serve`, `toolgen kb serve`, `toolgen mcp --http`, the built
 * CLI in child processes, the bridge in front of the tool manager) under a mix of the issue-18
 * attacks from raw sockets, while ordinary clients keep working: every ordinary request must
 * succeed, each process must still be up at the end, its memory after collection must stay
 * within the load tests' bounds of its warmed-up figure, and no process may log an unhandled
 * rejection or exception (the last-resort guard's line), which is how a new crash path shows.
 * Bounded: SOAK_SECONDS (default 10) of attacks, at most 4 attackers at a time.
 */
import type { Socket } from "node:net";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { removeTempDirs, tempDir } from "../knowledge-base/support.js";
import { memoryLimits, positiveNumberFromEnv, retained, settle, startProbedServer, type MemorySample, type ProbedServer } from "../support/load-test.js";
import { REPO_ROOT } from "../support/output-dir.js";
import { jsonRequest, sendRaw } from "../support/raw-socket.js";

const SOAK_SECONDS = positiveNumberFromEnv("SOAK_SECONDS", 10);
const CLI = join(REPO_ROOT, "bin/toolgen.js");
const LIMITS = ["--body-timeout", "1000", "--headers-timeout", "1000", "--max-connections", "200"];
const JSON_TYPE = { "content-type": "application/json" };

interface Target {
  readonly name: string;
  readonly server: ProbedServer;
  readonly path: string;
  readonly body: string;
  readonly extraHeaders: string;
  /** One ordinary request; resolves true when its answer is right. */
  ordinary(): Promise<boolean>;
}

const servers: ProbedServer[] = [];
let targets: Target[];

beforeAll(async () => {
  const tools = await startProbedServer([CLI, "serve", "test/server/fixtures/greeter.ts", "--port", "0", ...LIMITS], /on (http:\/\/\S+)/);
  servers.push(tools);
  const kb = await startProbedServer([CLI, "kb", "serve", "--port", "0", "--data", tempDir(), ...LIMITS], /listening on (http:\/\/\S+)/);
  servers.push(kb);
  const mcp = await startProbedServer([CLI, "mcp", tools.url, "--http", "0", ...LIMITS], /at (http:\/\/\S+\/mcp)/);
  servers.push(mcp);

  const kbId = (await (await fetch(`${kb.url}/llm/knowledge/create`, { method: "POST", headers: JSON_TYPE, body: '{"knowledgeBaseName":"soak"}' })).json()).result.knowledgeBaseId as number;
  const mcpCall = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "Greeter__v1__Greet", arguments: { name: "Ada" } } });
  let n = 0;
  targets = [
    {
      name: "serve",
      server: tools,
      path: "/Greeter/v1/Greet?version=v1",
      body: '{"name":"Ada"}',
      extraHeaders: "",
      async ordinary() {
        const answer = await fetch(`${tools.url}/Greeter/v1/Greet?version=v1`, { method: "POST", headers: JSON_TYPE, body: '{"name":"Ada"}' });
        return answer.status === 200 && /Ada/.test(await answer.text());
      },
    },
    {
      name: "kb serve",
      server: kb,
      path: "/llm/knowledge/search",
      body: JSON.stringify({ knowledgeBaseId: kbId, query: "soak" }),
      extraHeaders: "",
      async ordinary() {
        const id = `d${n++}`;
        const add = await fetch(`${kb.url}/llm/knowledge/documents/add`, { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ knowledgeBaseId: kbId, documents: [{ id, content: `soak word ${id}` }] }) });
        const search = await fetch(`${kb.url}/llm/knowledge/search`, { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ knowledgeBaseId: kbId, query: id }) });
        const hits = (await search.json()).result as { fileId: string }[];
        return (await add.json()).errorCode === 0 && hits.some((hit) => hit.fileId === id);
      },
    },
    {
      name: "mcp --http",
      server: mcp,
      path: "/mcp",
      body: mcpCall,
      extraHeaders: "Accept: application/json, text/event-stream\r\n",
      async ordinary() {
        const answer = await fetch(mcp.url, { method: "POST", headers: { ...JSON_TYPE, accept: "application/json, text/event-stream" }, body: mcpCall });
        const text = await answer.text();
        return answer.status === 200 && /Ada/.test(text) && !/"isError":true/.test(text);
      },
    },
  ];
}, 120_000);

afterAll(() => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  removeTempDirs();
});

const hostOf = (t: Target) => new URL(t.server.url).host;

/** Each attack against one server; none may break it, and none waits longer than a few seconds. */
const ATTACKS: readonly ((t: Target) => Promise<unknown>)[] = [
  (t) => sendRaw(t.server.url, [`POST http://[::1 HTTP/1.1\r\nHost: ${hostOf(t)}\r\nContent-Length: 0\r\n\r\n`], { waitMs: 2_000 }),
  (t) => sendRaw(t.server.url, [`POST http://127.0.0.1:99999${t.path} HTTP/1.1\r\nHost: ${hostOf(t)}\r\nContent-Length: 0\r\n\r\n`], { waitMs: 2_000 }),
  (t) => sendRaw(t.server.url, [`POST ${t.path} HTTP/1.1\r\nHost: ${hostOf(t)}\r\nContent-Type: application/json\r\n${t.extraHeaders}Content-Length: 5000\r\n\r\n{"a`], { waitMs: 3_000 }),
  (t) => sendRaw(t.server.url, [`POST ${t.path} HTTP/1.1\r\nHost: ${hostOf(t)}\r\nX-Slow: `], { waitMs: 3_000 }),
  (t) => sendRaw(t.server.url, [jsonRequest(t.path, hostOf(t), `{"x":${"[".repeat(20_000)}${"]".repeat(20_000)}}`, t.extraHeaders)]),
  (t) => sendRaw(t.server.url, [jsonRequest(t.path, hostOf(t), '{"name":1e400,"query":1e400,"knowledgeBaseId":1e400}', t.extraHeaders)]),
  (t) => sendRaw(t.server.url, [jsonRequest(t.path, "rebound.attacker.example", t.body, t.extraHeaders)]),
  (t) => sendRaw(t.server.url, [jsonRequest(t.path, hostOf(t), t.body, `${t.extraHeaders}Origin: https://evil.example\r\n`)]),
  (t) => sendRaw(t.server.url, [`POST ${t.path} HTTP/1.1\r\nHost: ${hostOf(t)}\r\nContent-Type: text/plain\r\nContent-Length: ${t.body.length}\r\nConnection: close\r\n\r\n${t.body}`]),
  (t) => sendRaw(t.server.url, [`GET ${t.path} HTTP/1.1\r\nHost: ${hostOf(t)}\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n`], { waitMs: 3_000 }),
  (t) => sendRaw(t.server.url, [`POST ${t.path} HTTP/1.1\r\nHost: ${hostOf(t)}\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n`, Buffer.alloc(256 * 1024)], { waitMs: 3_000 }),
  (t) => sendRaw(t.server.url, [Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10])], { waitMs: 2_000 }),
  async (t) => {
    const { port } = new URL(t.server.url);
    const idle = await Promise.all(
      Array.from({ length: 60 }, () => new Promise<Socket>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1", () => resolve(socket));
        socket.on("error", () => resolve(socket));
      })),
    );
    await new Promise((r) => setTimeout(r, 500));
    for (const socket of idle) socket.destroy();
  },
];

test("ordinary requests keep succeeding under attack; every server stays up, bounded and quiet", async () => {
  const warm: MemorySample[] = [];
  for (const t of targets) {
    for (let i = 0; i < 20; i++) expect(await t.ordinary(), t.name).toBe(true);
  }
  await settle();
  for (const t of targets) warm.push(await t.server.memory(true));

  const until = Date.now() + SOAK_SECONDS * 1000;
  const counts = { attacks: 0, ordinary: 0, failedOrdinary: [] as string[] };
  const attacker = async (seed: number) => {
    for (let i = seed; Date.now() < until; i++) {
      const t = targets[i % targets.length]!;
      await ATTACKS[(i * 7 + seed) % ATTACKS.length]!(t).catch(() => {});
      counts.attacks++;
    }
  };
  const client = async (t: Target) => {
    while (Date.now() < until) {
      const ok = await t.ordinary().catch(() => false);
      counts.ordinary++;
      if (!ok) counts.failedOrdinary.push(t.name);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all([...[0, 1, 2, 3].map(attacker), ...targets.map(client)]);

  expect(counts.failedOrdinary).toEqual([]);
  expect(counts.attacks).toBeGreaterThan(20);
  expect(counts.ordinary).toBeGreaterThan(30);
  // Held bodies and headers have met their deadlines; idle connections have closed.
  await new Promise((r) => setTimeout(r, 2_000));
  await settle();
  for (const [i, t] of targets.entries()) {
    expect(t.server.child.exitCode, `${t.name} exited:\n${t.server.output()}`).toBeNull();
    expect(await t.ordinary(), t.name).toBe(true);
    const end = await t.server.memory(true);
    const limits = memoryLimits(warm[i]!);
    // Allocations made by the attacks themselves (parsers, sockets) settle higher than a plain
    // warm-up: the bound is the load tests' plus 8 MB, far below what one held 5 MB body per
    // attack would leave (hundreds of MB).
    expect(retained(end), `${t.name} retained`).toBeLessThan(limits.retained + 8 * 1024 * 1024);
    expect(end.rss, `${t.name} rss`).toBeLessThan(limits.rss);
    expect(t.server.output(), t.name).not.toMatch(/unhandled|internal error/i);
  }
}, 180_000);
