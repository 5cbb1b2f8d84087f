/**
 * `kb serve` against hostile clients: request targets `new URL()` cannot parse (a 500
 * before), foreign Host and Origin headers, bodies that never finish or nest too deep, numbers JSON
 * cannot carry, `%2F` in a path, the probes; and the small ones: emoji-only queries, a read-only
 * data folder. Everything but the data folder runs against both backends.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startKnowledgeBaseService, type KnowledgeBaseService } from "../../src/knowledge-base/index.js";
import { REPO_ROOT } from "../support/output-dir.js";
import { jsonRequest, sendRaw } from "../support/raw-socket.js";
import { BACKENDS } from "./backends.js";
import { removeTempDirs, tempDir } from "./support.js";

describe.each(BACKENDS)("$name backend", (backend) => {
  let service: KnowledgeBaseService;
  const logged: string[] = [];

  beforeAll(async () => {
    await backend.setUp();
    service = await startKnowledgeBaseService({ ...(await backend.place()), tokens: [], limits: { bodyTimeoutMs: 400 }, log: (line) => logged.push(line) });
    // What a start reports (PostgreSQL: the schema steps it applied) is not what these tests look for.
    logged.length = 0;
  });
  afterAll(async () => {
    await service.close();
    await backend.tearDown();
  });

  const host = () => new URL(service.url).host;
  async function call(path: string, body: unknown): Promise<{ status: number; json: { errorCode: number; errorMsg: string; result: any } }> {
    const response = await fetch(`${service.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
    return { status: response.status, json: await response.json() };
  }

  describe("requests the service cannot read", () => {
    test.each([
      ["an absolute form with a broken IPv6 host", "POST http://[::1 HTTP/1.1"],
      ["an absolute form with a port above 65535", "POST http://127.0.0.1:99999/llm/knowledge/create HTTP/1.1"],
      ["the asterisk form", "OPTIONS * HTTP/1.1"],
    ])("%s: 400 (not 500), nothing logged, still serving", async (_, line) => {
      const answer = await sendRaw(service.url, [`${line}\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`]);
      expect(answer.status).toBe(400);
      expect(logged, logged.join("\n")).toEqual([]);
      expect((await call("/llm/knowledge/create", { knowledgeBaseName: `after-${line.length}` })).json.errorCode).toBe(0);
    });

    test("%2F is no separator: /llm%2Fknowledge/create is no route", async () => {
      const answer = await call("/llm%2Fknowledge/create", { knowledgeBaseName: "slash" });
      expect(answer.status).toBe(404);
    });

    test("a body that never finishes: 408 and the socket closes", async () => {
      const answer = await sendRaw(service.url, [`POST /llm/knowledge/create HTTP/1.1\r\nHost: ${host()}\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n{"know`], { waitMs: 5_000 });
      expect(answer.status).toBe(408);
      expect(answer.closedByServer).toBe(true);
    });

    test("JSON nested 10,000 levels and 1e400: 400 naming the problem", async () => {
      const deep = await call("/llm/knowledge/search", `{"knowledgeBaseId":1,"query":"x","filterConditions":${"[".repeat(10_000)}${"]".repeat(10_000)}}`);
      expect(deep.status).toBe(400);
      expect(deep.json.errorMsg).toMatch(/nests deeper than 64 levels/);
      const huge = await call("/llm/knowledge/search", '{"knowledgeBaseId":1,"query":"x","topK":1e400}');
      expect(huge.status).toBe(400);
      expect(huge.json.errorMsg).toMatch(/too large for JSON/);
    });

    test("a foreign Host gets 421, a foreign Origin 403; the knowledge base is not created", async () => {
      const rebinding = await sendRaw(service.url, [jsonRequest("/llm/knowledge/create", "attacker.example", '{"knowledgeBaseName":"evil"}')]);
      expect(rebinding.status).toBe(421);
      const origin = await sendRaw(service.url, [jsonRequest("/llm/knowledge/create", host(), '{"knowledgeBaseName":"evil"}', "Origin: https://evil.example\r\n")]);
      expect(origin.status).toBe(403);
      expect((await call("/llm/knowledge/create", { knowledgeBaseName: "evil" })).json.errorCode).toBe(0);
    });
  });

  test("the probes over a raw socket: GET /health without a token, anything else on it 405, a broken one 400", async () => {
    const health = await sendRaw(service.url, [`GET /health HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`]);
    expect(health.status).toBe(200);
    const post = await sendRaw(service.url, [`POST /ready HTTP/1.1\r\nHost: ${host()}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`]);
    expect(post.status).toBe(405);
    const foreign = await sendRaw(service.url, [`GET /health HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n`]);
    expect(foreign.status).toBe(421);
    expect(logged, logged.join("\n")).toEqual([]);
  });

  test("emoji are searchable words, alone or among others", async () => {
    const id = (await call("/llm/knowledge/create", { knowledgeBaseName: "emoji" })).json.result.knowledgeBaseId;
    await call("/llm/knowledge/documents/add", { knowledgeBaseId: id, documents: [{ title: "launch", content: "we ship 🚀 today" }, { title: "cake", content: "party 🎂🎉" }] });
    const rocket = await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "🚀" });
    expect(rocket.json.result.map((hit: { source: { title: string } }) => hit.source.title)).toEqual(["launch"]);
    const party = await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "🎉" });
    expect(party.json.result.map((hit: { source: { title: string } }) => hit.source.title)).toEqual(["cake"]);
    expect((await call("/llm/knowledge/search", { knowledgeBaseId: id, query: "😀" })).json.result).toEqual([]);
  });
});

afterAll(() => removeTempDirs());

test("a read-only data directory is named as such, with exit 2", () => {
  const parent = tempDir();
  const dir = join(parent, "ro");
  mkdirSync(dir);
  chmodSync(parent, 0o755);
  chmodSync(dir, 0o555);
  // root ignores permissions: run the command as nobody when the tests run as root.
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const run = spawnSync(process.execPath, [join(REPO_ROOT, "bin/toolgen.js"), "kb", "serve", "--port", "0", "--data", dir], { encoding: "utf8", timeout: 30_000, ...asNobody });
  expect(run.status).toBe(2);
  expect(run.stderr).toMatch(new RegExp(`the data directory ${dir} is not writable \\(E(ACCES|ROFS)\\)`));
});
