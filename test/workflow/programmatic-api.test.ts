/**
 * The programmatic API as docs/build-step.md shows it, imported by package name the way a build
 * tool would (`toolgen` resolves to this package's built `dist/`).
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { descriptionWith } from "../support/description-server.js";
import { freshOutputDir } from "../support/output-dir.js";

test("generate, check with reasons, and runToolkits over a config", async () => {
  const toolgen = await import("toolgen");
  const dir = freshOutputDir("workflow/api");
  const spec = join(dir, "api.yaml");
  writeFileSync(spec, descriptionWith("solo", ["ping", "pong"]));

  const stages: string[] = [];
  const first = await toolgen.generate(spec, { out: join(dir, "gen"), onProgress: (e) => void (e.state === "done" && stages.push(e.stage)) });
  expect(stages).toEqual(["fetch", "parse", "model", "emit", "format", "write"]);
  expect(first.model.operations.map((o) => o.functionName)).toEqual(["ping", "pong"]);
  expect(first.written).toContain("operations.ts");
  expect((await toolgen.generate(spec, { out: join(dir, "gen") })).written).toEqual([]);

  appendFileSync(join(dir, "gen/client.ts"), "// edit\n");
  writeFileSync(spec, descriptionWith("solo", ["ping", "pong", "pang"]));
  const check = await toolgen.generate(spec, { out: join(dir, "gen"), check: true });
  const reasons = Object.fromEntries(check.stale.map((f) => [f.path, f.reason]));
  expect(reasons["client.ts"]).toBe("edited");
  expect(reasons["operations.ts"]).toBe("description-changed");

  writeFileSync(join(dir, "toolgen.config.json"), JSON.stringify({ toolkits: [{ source: "api.yaml", out: "gen" }, { source: "missing.yaml", out: "gen2" }] }));
  const config = await toolgen.loadConfigFile(join(dir, "toolgen.config.json"));
  const outcomes = await toolgen.runToolkits(config, { check: true });
  expect(outcomes.map((o) => o.ok)).toEqual([true, false]);
  const failed = outcomes[1];
  expect(failed && !failed.ok && failed.error instanceof toolgen.BadInputError).toBe(true);
  expect(String(failed && !failed.ok && failed.error)).toMatch(/missing\.yaml: no such file/);
});
