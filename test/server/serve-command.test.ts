/** `toolgen serve <module>` as a user runs it: a child process, a TypeScript module, SIGTERM. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "vitest";
import { REPO_ROOT } from "../support/output-dir.js";

test("serves a module's tools, prints the address, stops cleanly on SIGTERM", async () => {
  const child = spawn(process.execPath, [join(REPO_ROOT, "bin/toolgen.js"), "serve", join(import.meta.dirname, "fixtures/greeter.ts"), "--port", "0"], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      output += d;
      const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on("exit", () => reject(new Error(`exited early: ${output}`)));
  });
  const answer = await fetch(`${url}/Greeter/v1/Greet?version=v1`, { method: "POST", body: JSON.stringify({ name: "Ada" }) });
  expect(await answer.json()).toEqual({ text: "Hello, Ada!" });
  const exit = new Promise<number | null>((resolve) => child.on("exit", resolve));
  child.kill("SIGTERM");
  expect(await exit).toBe(0);
});
