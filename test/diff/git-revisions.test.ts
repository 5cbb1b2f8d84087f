/**
 * `toolgen diff <rev>:<path> …`: a side read from a git revision of a real repository (git init
 * in a temporary folder, two commits), its relative `$ref`s read from the same revision and not
 * from the working tree, and a missing revision or path as one line with exit code 2.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { displayName } from "../../src/load/bundle-refs.js";
import { sha256Hex } from "../../src/load/document-reader.js";
import { loadDescription } from "../../src/load/load-description.js";
import { REPO_ROOT } from "../support/output-dir.js";

const CLI = join(REPO_ROOT, "bin/toolgen.js");

const ROOT_V1 = `openapi: 3.0.3
info: { title: Words, version: v1 }
paths:
  /add_word:
    post:
      operationId: addWord
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "schemas/word.yaml" }
      responses:
        "200": { description: ok }
`;
const WORD_V1 = `type: object
required: [word]
properties:
  word: { type: string }
`;
// The second commit changes only the $ref'd file: a required property added.
const WORD_V2 = `type: object
required: [word, lang]
properties:
  word: { type: string }
  lang: { type: string }
`;
// Left uncommitted: a revision must not read it.
const WORD_WORKING_TREE = `type: object
required: [word, lang, region]
properties:
  word: { type: string }
  lang: { type: string }
  region: { type: string }
`;

let repo: string;
let outside: string;

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repo, encoding: "utf8" });
}

function write(path: string, text: string): void {
  mkdirSync(join(repo, path, ".."), { recursive: true });
  writeFileSync(join(repo, path), text);
}

function toolgen(cwd: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function expectOneLineError(result: { code: number | null; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^toolgen: /);
  expect(lines[0]).toMatch(pattern);
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "toolgen-git-"));
  outside = mkdtempSync(join(tmpdir(), "toolgen-no-git-"));
  git("init", "-q");
  git("config", "user.email", "test@example.com");
  git("config", "user.name", "test");
  git("config", "commit.gpgsign", "false");
  write("api/openapi.yaml", ROOT_V1);
  write("api/schemas/word.yaml", WORD_V1);
  git("add", "-A");
  git("commit", "-q", "-m", "one");
  write("api/schemas/word.yaml", WORD_V2);
  git("commit", "-q", "-a", "-m", "two");
  write("api/schemas/word.yaml", WORD_WORKING_TREE);
  // A file whose name has the form <rev>:<path> is a file.
  write("api/HEAD~1:openapi.yaml", ROOT_V1);
});

afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("a description read from a git revision", () => {
  test("the $ref'd file is read from the same revision, not from the working tree", () => {
    const result = toolgen(repo, "diff", "HEAD~1:api/openapi.yaml", "HEAD:api/openapi.yaml", "--format", "json");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { summary: { breaking: number }; changes: { id: string; message: string; source?: unknown }[] };
    const ids = report.changes.map((change) => change.id);
    expect(ids).toContain("new-required-request-property");
    // Its place is in the $ref'd file, named as git names it in the new side's revision.
    expect(report.changes.find((change) => change.id === "new-required-request-property")?.source).toEqual({
      new: { file: "HEAD:api/schemas/word.yaml", line: 5, column: 3, pointer: "/properties/lang" },
    });
    expect(report.changes.some((change) => change.message.includes("`lang`"))).toBe(true);
    // `region` exists only in the working tree.
    expect(report.changes.some((change) => change.message.includes("region"))).toBe(false);
  });

  test("against the working tree, and with --fail-on", () => {
    const result = toolgen(repo, "diff", "HEAD:api/openapi.yaml", "api/openapi.yaml", "--format", "json", "--fail-on", "breaking");
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { changes: { message: string }[] };
    expect(report.changes.some((change) => change.message.includes("`region`"))).toBe(true);
    expect(report.changes.some((change) => change.message.includes("`lang`"))).toBe(false);
  });

  test("a branch name with a slash, and a path relative to a subfolder with ./", () => {
    git("branch", "-f", "release/one", "HEAD~1");
    const result = toolgen(join(repo, "api"), "diff", "release/one:./openapi.yaml", "HEAD:./openapi.yaml", "--format", "json");
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout).summary.breaking).toBeGreaterThan(0);
  });

  test("the loader names each document <rev>:<path>, the $ref'd one too", async () => {
    const loaded = await loadDescription("HEAD~1:api/openapi.yaml", { gitRevisions: { cwd: repo } });
    expect(loaded.source.kind).toBe("git");
    expect(loaded.documents.map((document) => displayName(document.url))).toEqual(["HEAD~1:api/openapi.yaml", "HEAD~1:api/schemas/word.yaml"]);
    expect(loaded.sha256).toBe(sha256Hex(ROOT_V1));
    const schema = (loaded.document.components as { schemas: Record<string, { required: string[] }> }).schemas.word;
    expect(schema?.required).toEqual(["word"]);
  });

  test("an existing file is read as a file even when its name looks like <rev>:<path>", async () => {
    const loaded = await loadDescription("api/HEAD~1:openapi.yaml", { gitRevisions: { cwd: repo } });
    expect(loaded.source.kind).toBe("file");
  });

  test("without being asked (generation), <rev>:<path> is a file name", async () => {
    await expect(loadDescription(join(repo, "HEAD~1:api/openapi.yaml"))).rejects.toThrow(/no such file/);
  });
});

describe("what cannot be read is one line, exit code 2", () => {
  test("a missing revision", () => {
    expectOneLineError(toolgen(repo, "diff", "no-such-branch:api/openapi.yaml", "api/openapi.yaml"), /^toolgen: no-such-branch:api\/openapi\.yaml: .*no revision "no-such-branch"$/);
  });

  test("a missing path", () => {
    expectOneLineError(toolgen(repo, "diff", "HEAD~1:api/nothing.yaml", "api/openapi.yaml"), /^toolgen: HEAD~1:api\/nothing\.yaml: no such file in revision HEAD~1$/);
  });

  test("a folder", () => {
    expectOneLineError(toolgen(repo, "diff", "HEAD:api", "api/openapi.yaml"), /^toolgen: HEAD:api: is not a file in revision HEAD$/);
  });

  test("a $ref to a file the revision does not have names the place of the $ref", () => {
    write("api/split.yaml", ROOT_V1.replace("schemas/word.yaml", "schemas/later.yaml"));
    git("add", "api/split.yaml");
    git("commit", "-q", "-m", "three");
    write("api/schemas/later.yaml", WORD_V1);
    const result = toolgen(repo, "diff", "HEAD:api/split.yaml", "api/split.yaml");
    expectOneLineError(result, /HEAD:api\/split\.yaml#\/paths\/~1add_word\/post\/requestBody\/content\/application~1json\/schema: \$ref "schemas\/later\.yaml" cannot be read: HEAD:api\/schemas\/later\.yaml: no such file in revision HEAD/);
  });

  test("a $ref out of the description's folder is refused as between files", () => {
    write("secret.yaml", "type: string\n");
    write("api/escape.yaml", ROOT_V1.replace("schemas/word.yaml", "../secret.yaml"));
    git("add", "secret.yaml", "api/escape.yaml");
    git("commit", "-q", "-m", "four");
    const result = toolgen(repo, "diff", "HEAD:api/escape.yaml", "api/openapi.yaml");
    expectOneLineError(result, /HEAD:secret\.yaml is outside the description's folder HEAD:api\//);
  });

  test("outside a git repository, <rev>:<path> is a missing file", () => {
    writeFileSync(join(outside, "openapi.yaml"), ROOT_V1);
    expectOneLineError(toolgen(outside, "diff", "HEAD:openapi.yaml", "openapi.yaml"), /HEAD:openapi\.yaml: no such file$/);
  });

  test("a revision is an argument of git, never shell text", async () => {
    const marker = join(repo, "pwned");
    const result = toolgen(repo, "diff", `$(touch ${marker});touch ${marker}:api/openapi.yaml`, "api/openapi.yaml");
    expect(result.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    // A revision that would read as an option of git is not taken for one.
    await expect(loadDescription("--output=x:api/openapi.yaml", { gitRevisions: { cwd: repo } })).rejects.toThrow(/--output=x:api\/openapi\.yaml: no such file$/);
    expect(existsSync(join(repo, "x"))).toBe(false);
  });
});
