/**
 * `toolgen kb serve` in a child process (from dist/, which `npm test` builds first), for the
 * tests that kill it with SIGKILL, run several instances at once or several processes on one
 * data directory.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { transpileForChild } from "./support.js";

const CHILD = join(import.meta.dirname, "fixtures/kb-serve-child.mjs");
const children: ChildProcess[] = [];

export interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `kb serve --port 0 <flags>`; resolves once it printed its address. */
export function serveInChild(flags: readonly string[]): Promise<Served> {
  const child = spawn(process.execPath, [CHILD, transpileForChild("kb-serve"), "kb", "serve", "--port", "0", ...flags], {
    stdio: ["ignore", "pipe", "pipe"],
    // A DATABASE_URL of the machine running the tests must not move a --data server to PostgreSQL.
    env: { ...process.env, DATABASE_URL: "" },
  });
  children.push(child);
  let output = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1] as string, output: () => output, exited });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then(({ code }) => reject(new Error(`kb serve exited (${code}) before listening:\n${output}`)));
  });
}

/** SIGKILL for every child still running (an afterAll's cleanup). */
export function killChildren(): void {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}
