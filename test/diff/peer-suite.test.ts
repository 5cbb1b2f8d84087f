/**
 * The peer suite (../shared/corpus/diff-cases: 40 pairs from oasdiff's own tests, expected.json):
 * for every case, toolgen's breaking / non-breaking verdict per operation agrees with oasdiff's, or
 * the case is listed in docs/diff-judged-differently.md with the reason. "Breaking" is what
 * `oasdiff breaking` prints (ERR or WARN), which maps to toolgen's `breaking` or `warning`.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { diffModels } from "../../src/diff/diff-models.js";
import type { DiffResult } from "../../src/diff/change.js";
import { normalizePathTemplate } from "../../src/diff/path-template.js";
import type { ToolkitModel } from "../../src/model/toolkit-model.js";
import { DIFF_CASES, loadFile } from "./support.js";

interface ExpectedFinding {
  readonly id: string;
  readonly breaking: boolean;
  readonly method: string | null;
  readonly path: string | null;
}
interface ExpectedCase {
  readonly case: string;
  readonly files: { readonly base: string; readonly revision: string };
  readonly expected: readonly ExpectedFinding[];
}

const expected = JSON.parse(readFileSync(join(DIFF_CASES, "expected.json"), "utf8")) as { cases: ExpectedCase[] };
const JUDGED_DIFFERENTLY = resolve(import.meta.dirname, "../../docs/diff-judged-differently.md");
const NOW = new Date("2026-01-01T00:00:00Z");

const key = (method: string, path: string) => `${method.toUpperCase()} ${normalizePathTemplate(path)}`;

/** Operation -> breaking, over every operation of either side. */
function oasdiffVerdicts(c: ExpectedCase, oldModel: ToolkitModel, newModel: ToolkitModel): Map<string, boolean> {
  const verdicts = new Map<string, boolean>();
  for (const op of [...oldModel.operations, ...newModel.operations]) verdicts.set(key(op.method, op.path), false);
  for (const f of c.expected) {
    if (f.method && f.path && f.breaking) verdicts.set(key(f.method, f.path), true);
  }
  return verdicts;
}

const TOOL_NAME_RULES = new Set(["tool-renamed", "all-tools-renamed"]);

function toolgenVerdicts(result: DiffResult, oldModel: ToolkitModel, newModel: ToolkitModel, wireOnly = false): Map<string, boolean> {
  const verdicts = new Map<string, boolean>();
  for (const op of [...oldModel.operations, ...newModel.operations]) verdicts.set(key(op.method, op.path), false);
  for (const change of result.changes) {
    if (change.level === "info" || (wireOnly && TOOL_NAME_RULES.has(change.id))) continue;
    if (change.operation) verdicts.set(key(change.operation.method, change.operation.path), true);
    if (change.previous) verdicts.set(key(change.previous.method, change.previous.path), true);
    for (const r of change.renames ?? []) verdicts.set(key(r.method, r.path), true);
  }
  return verdicts;
}

/** Case names are the `## <case>` headings of the document. */
function listedCases(): Set<string> {
  const text = readFileSync(JUDGED_DIFFERENTLY, "utf8");
  return new Set([...text.matchAll(/^## `?([a-z0-9-]+)`?\s*$/gm)].map((m) => m[1]!));
}

describe("peer suite (oasdiff diff-cases)", () => {
  test("every case agrees with expected.json per operation, or is listed in docs/diff-judged-differently.md", async () => {
    const disagreeing = new Map<string, string[]>();
    let agreeingOps = 0;
    let totalOps = 0;
    let wireAgreeing = 0;
    for (const c of expected.cases) {
      const { model: oldModel } = await loadFile(join(DIFF_CASES, c.files.base));
      const { model: newModel } = await loadFile(join(DIFF_CASES, c.files.revision));
      const result = diffModels(oldModel, newModel, { now: NOW });
      const theirs = oasdiffVerdicts(c, oldModel, newModel);
      const ours = toolgenVerdicts(result, oldModel, newModel);
      const differences: string[] = [];
      for (const [op, verdict] of theirs) {
        totalOps++;
        if ((ours.get(op) ?? false) === verdict) agreeingOps++;
        else
          differences.push(
            `${op}: oasdiff ${verdict ? "breaking" : "non-breaking"}, toolgen ${ours.get(op) ? "breaking" : "non-breaking"}`,
          );
      }
      if (differences.length > 0) disagreeing.set(c.case, differences);
      // The same, leaving out the tool-name findings oasdiff has no counterpart for.
      const wire = toolgenVerdicts(result, oldModel, newModel, true);
      if ([...theirs].every(([op, verdict]) => (wire.get(op) ?? false) === verdict)) wireAgreeing++;
    }
    const agreeing = expected.cases.length - disagreeing.size;
    console.log(
      `peer suite: ${agreeing}/${expected.cases.length} cases agree (${((100 * agreeing) / expected.cases.length).toFixed(1)}%), ` +
        `${agreeingOps}/${totalOps} operations agree (${((100 * agreeingOps) / totalOps).toFixed(1)}%); ` +
        `without the tool-name findings ${wireAgreeing}/${expected.cases.length} cases agree`,
    );
    for (const [name, differences] of disagreeing) console.log(`  judged differently: ${name}\n    ${differences.join("\n    ")}`);

    const listed = listedCases();
    const unlisted = [...disagreeing.keys()].filter((name) => !listed.has(name));
    const nowAgreeing = [...listed].filter((name) => !disagreeing.has(name));
    expect(unlisted, "cases that disagree with oasdiff but are not explained in docs/diff-judged-differently.md").toEqual([]);
    expect(nowAgreeing, "cases listed in docs/diff-judged-differently.md that now agree").toEqual([]);
  });
});

describe("external $refs (shared-external-ref-became-optional)", () => {
  test("the multi-file original gives the same findings as its bundled equivalent, on both operations", async () => {
    const dir = join(DIFF_CASES, "shared-external-ref-became-optional");
    const run = async (base: string, revision: string) => {
      const result = diffModels((await loadFile(join(dir, base))).model, (await loadFile(join(dir, revision))).model, { now: NOW });
      return result.changes.map((c) => `${c.level} ${c.id} ${c.operation?.method} ${c.operation?.path} ${c.location.property ?? ""}`);
    };
    const external = await run("external/base/openapi.yaml", "external/revision/openapi.yaml");
    expect(external).toEqual(await run("base.yaml", "revision.yaml"));
    expect(external).toEqual([
      "breaking response-property-became-optional GET /pets id",
      "info response-optional-property-added GET /pets breed",
      "breaking response-property-became-optional GET /pets/{petId} id",
      "info response-optional-property-added GET /pets/{petId} breed",
    ]);
  });
});
