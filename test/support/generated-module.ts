/**
 * The scaffolding of a test that generates a module from a description it holds and compiles an
 * app of its own against it under tsc --strict (./typecheck.ts), and of its control:
 * openapi-typescript alone on the same description file.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { main } from "../../src/cli/main.js";
import { freshOutputDir, REPO_ROOT } from "./output-dir.js";
import { typecheck } from "./typecheck.js";

export interface Generated {
  /** The fresh folder under `.test-output/` that holds the description and the output. */
  readonly dir: string;
  /** `<dir>/openapi.json`: the description as written. */
  readonly spec: string;
  /** `<dir>/toolgen`: the generated module. */
  readonly out: string;
  /** The lines toolgen wrote to stderr (its warnings). */
  readonly messages: string[];
}

/**
 * Writes `description` to `<freshOutputDir(name)>/openapi.json` and runs
 * `toolgen <spec> --out <dir>/toolgen ...args`, expecting exit 0 (stderr is the failure message).
 */
export async function generateFrom(name: string, description: unknown, args: readonly string[] = []): Promise<Generated> {
  const dir = freshOutputDir(name);
  const spec = join(dir, "openapi.json");
  writeFileSync(spec, JSON.stringify(description, null, 2));
  const messages: string[] = [];
  const io = { stdout: () => {}, stderr: (line: string) => void messages.push(line), exitCode: () => {} };
  const out = join(dir, "toolgen");
  expect(await main([spec, "--out", out, ...args], io), messages.join("\n")).toBe(0);
  return { dir, spec, out, messages };
}

/** Writes `source` into `dir` as `file` and type-checks the folder: tsc's diagnostics, empty when clean. */
export async function typecheckWith(dir: string, source: string, file = "use.ts"): Promise<string> {
  writeFileSync(join(dir, file), source);
  return typecheck(dir);
}

/** Runs openapi-typescript's own CLI on `spec`, writing `file`; throws with its stderr when it stops. */
export function openapiTypescript(spec: string, file: string): void {
  execFileSync(process.execPath, [join(REPO_ROOT, "node_modules/openapi-typescript/bin/cli.js"), spec, "-o", file], { stdio: "pipe" });
}

/**
 * The control: openapi-typescript alone on `spec`, into `<dir>/openapi-typescript/schema.ts` (with
 * `use` beside it as use.ts when given), type-checked: tsc's diagnostics, empty when clean.
 */
export async function openapiTypescriptErrors(dir: string, spec: string, use?: string): Promise<string> {
  const control = join(dir, "openapi-typescript");
  mkdirSync(control, { recursive: true });
  openapiTypescript(spec, join(control, "schema.ts"));
  return use === undefined ? typecheck(control) : typecheckWith(control, use);
}
