/**
 * `toolgen serve <module>` as a user runs it: a child process of the built CLI (bin/toolgen.js,
 * so `npm run build` first, as `npm test` does), TypeScript and JavaScript modules, SIGTERM, and
 * the one-line refusals (exit 2).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { REPO_ROOT } from "../support/output-dir.js";

const FIXTURES = join(import.meta.dirname, "fixtures");

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  exit: Promise<number | null>;
}

function serve(args: readonly string[]): Promise<Running> {
  const child = spawn(process.execPath, [join(REPO_ROOT, "bin/toolgen.js"), "serve", ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr!.on("data", (d) => (output += d));
    child.stdout!.on("data", (d) => {
      output += d;
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output, exit });
    });
    void exit.then((code) => reject(new Error(`exited with ${code} before serving: ${output}`)));
  });
}

/** Runs the command to its end: [exit code, stderr]. */
function refused(args: readonly string[]): Promise<[number | null, string]> {
  const child = spawn(process.execPath, [join(REPO_ROOT, "bin/toolgen.js"), "serve", ...args], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve([code, stderr])));
}

const call = async (url: string) => (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Ada" }) })).json();

describe.concurrent("serving", () => {
  test("a TypeScript module that imports another .ts file: served, listed, stopped by SIGTERM with exit 0", async () => {
    const running = await serve([join(FIXTURES, "greeter.ts"), "--port", "0"]);
    expect(await call(`${running.url}/Greeter/v1/Greet?version=v1`)).toEqual({ text: "Hello, Ada!" });
    expect((await fetch(`${running.url}/.well-known/openapi.yaml`)).status).toBe(200);
    expect(running.output()).toContain(`POST ${running.url}/Greeter/v1/Greet?version=v1`);
    running.child.kill("SIGTERM");
    expect(await running.exit).toBe(0);
  });

  test("a JavaScript module with a default-exported array; --namespace and --version override its exports", async () => {
    const running = await serve([join(FIXTURES, "clock.mjs"), "--port", "0", "--namespace", "Time", "--version", "2"]);
    const answer = await fetch(`${running.url}/Time/2/Now?version=2`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(await answer.json()).toEqual({ iso: "2024-01-01T00:00:00.000Z" });
    running.child.kill("SIGINT");
    expect(await running.exit).toBe(0);
  });
});

describe.concurrent("refusals: exit 2 and one line naming the problem", () => {
  test("no such file", async () => {
    const [code, stderr] = await refused([join(FIXTURES, "missing.ts")]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^toolgen: .*missing\.ts: no such file\n$/);
  });

  test("a tool whose schema cannot be compiled", async () => {
    const [code, stderr] = await refused([join(FIXTURES, "broken-schema.mjs"), "--port", "0"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^toolgen: .*broken-schema\.mjs: tool Bad: the input schema is not valid JSON Schema/);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  });

  test("no namespace or version", async () => {
    const [code, stderr] = await refused([join(FIXTURES, "clock.mjs"), "--port", "0", "--namespace", ""]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/needs a namespace and a version/);
  });

  test("a module without tools", async () => {
    const [code, stderr] = await refused([join(FIXTURES, "greeting.ts"), "--port", "0"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/exports no tools/);
  });

  test("a port that is taken", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    try {
      const [code, stderr] = await refused([join(FIXTURES, "clock.mjs"), "--port", String((blocker.address() as { port: number }).port)]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/cannot listen on 127\.0\.0\.1:\d+: the port is in use/);
    } finally {
      blocker.close();
    }
  });

  test("a port that is not a number", async () => {
    const [code, stderr] = await refused([join(FIXTURES, "clock.mjs"), "--port", "http"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--port "http" is not a port number/);
  });
});
