/** toolgen's own version, from its package.json (recorded in lock files, printed by `--version`). */
import { readFileSync } from "node:fs";

let cached: string | undefined;

export function toolgenVersion(): string {
  // dist/toolgen-version.js and src/toolgen-version.ts both sit one folder below package.json.
  cached ??= (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
  return cached;
}
