// `toolgen kb serve` as a child process (node bin/toolgen.js, built in dist/), on 127.0.0.1 and a
// port the system picks, so that the soak can kill it with SIGKILL and start it again.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const TOOLGEN = join(dirname(fileURLToPath(import.meta.url)), "../../bin/toolgen.js");
const running = new Set();

/** Starts the service with `place` (["--data", dir] or ["--database", url]); resolves once it listens. */
export function startService(place, token) {
  const child = spawn(process.execPath, [TOOLGEN, "kb", "serve", "--host", "127.0.0.1", "--port", "0", "--token", token, ...place], {
    stdio: ["ignore", "pipe", "pipe"],
    // A DATABASE_URL of the machine must not move a --data service to PostgreSQL.
    env: { ...process.env, DATABASE_URL: "" },
  });
  running.add(child);
  let output = "";
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString("utf8");
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1], output: () => output, exited });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(({ code, signal }) => reject(new Error(`kb serve exited (${code ?? signal}) before listening:\n${output}`)));
  });
}

/** SIGKILL for every service this module started that still runs (cleanup on the way out). */
export function killServices() {
  for (const child of running) child.kill("SIGKILL");
}
