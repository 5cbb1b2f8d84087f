/**
 * Progress on stderr: redrawn lines with a tick per stage on a terminal, plain lines elsewhere,
 * nothing with --quiet, each document and each stage's time with --verbose; colours only on a
 * terminal and never with NO_COLOR.
 */
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { colorsWanted, type CliIo } from "../../src/cli/cli-io.js";
import { main } from "../../src/cli/main.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";

const PETSTORE = join(CORPUS, "specs/petstore-3.0.yaml");
const STAGES = ["fetch", "parse", "model", "emit", "format", "write"];

function capture(terminal?: { colors: boolean }) {
  const out: string[] = [];
  const err: string[] = [];
  const screen: string[] = [];
  const io: CliIo = {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    exitCode: () => {},
    ...(terminal ? { terminal: { write: (text: string) => void screen.push(text), colors: terminal.colors } } : {}),
  };
  return { out, err, screen, io };
}

describe("progress lines", () => {
  test("not a terminal: one plain line per finished stage, with counts", async () => {
    const c = capture();
    expect(await main([PETSTORE, "--out", freshOutputDir("progress/plain")], c.io)).toBe(0);
    expect(c.err.map((l) => l.split(":")[0])).toEqual(STAGES);
    expect(c.err).toContain("model: 21 operations of \"Swagger PetStore - OpenAPI 3.0\" 1.0.11");
    expect(c.err).toContainEqual(expect.stringMatching(/^fetch: 1 document, 25\.4 kB$/));
    expect(c.err.join("")).not.toMatch(/\u001b\[/);
    expect(c.out).toEqual([expect.stringMatching(/^Generated 21 operations/)]);
  });

  test("--quiet: nothing at all on success", async () => {
    const c = capture({ colors: true });
    expect(await main([PETSTORE, "--out", freshOutputDir("progress/quiet"), "--quiet"], c.io)).toBe(0);
    expect([c.out, c.err, c.screen]).toEqual([[], [], []]);
  });

  test("--verbose: each document read and each stage's time", async () => {
    const c = capture();
    expect(await main([PETSTORE, "--out", freshOutputDir("progress/verbose"), "--verbose"], c.io)).toBe(0);
    expect(c.err).toContainEqual(expect.stringMatching(/^fetch: .*petstore-3\.0\.yaml \(25\.4 kB\)$/));
    for (const stage of STAGES) expect(c.err).toContainEqual(expect.stringMatching(new RegExp(`^${stage}: .* \\(\\d+ ms\\)$`)));
    expect(c.err).toContainEqual(expect.stringMatching(/^cache .*node_modules\/\.cache\/toolgen$/));
  });

  test("a terminal: each stage redrawn in place, then left with a tick; colours when wanted", async () => {
    const c = capture({ colors: true });
    expect(await main([PETSTORE, "--out", freshOutputDir("progress/tty")], c.io)).toBe(0);
    const screen = c.screen.join("");
    for (const stage of STAGES) expect(screen).toMatch(new RegExp(`\\r\\u001b\\[2K\\u001b\\[32m✓\\u001b\\[39m ${stage}`));
    expect(screen).toMatch(/\r\u001b\[2K {2}fetch {2}/); // the live line before the tick
    expect(c.err).toEqual([]); // nothing else went to stderr
  });

  test("a terminal without colours: the same lines, no escape codes but the redraw", async () => {
    const c = capture({ colors: false });
    expect(await main([PETSTORE, "--out", freshOutputDir("progress/tty-plain")], c.io)).toBe(0);
    const screen = c.screen.join("").replaceAll("\r\u001b[2K", "");
    expect(screen).not.toMatch(/\u001b/);
    expect(screen).toMatch(/✓ model {2}21 operations/);
  });
});

describe("colours", () => {
  test.each([
    [{}, true, true],
    [{ NO_COLOR: "1" }, true, false],
    [{ NO_COLOR: "" }, true, true], // no-color.org: only a non-empty value counts
    [{ TERM: "dumb" }, true, false],
    [{}, false, false],
  ])("env %j on a terminal=%s -> colours %s", (env, terminal, expected) => {
    expect(colorsWanted(env, terminal)).toBe(expected);
  });

  test("errors are red on a colour terminal and plain otherwise", async () => {
    const coloured = capture({ colors: true });
    expect(await main(["/nonexistent/x.yaml", "--out", freshOutputDir("progress/err")], coloured.io)).toBe(2);
    expect(coloured.err).toEqual(["\u001b[31mtoolgen:\u001b[39m /nonexistent/x.yaml: no such file"]);
    const plain = capture({ colors: false });
    expect(await main(["/nonexistent/x.yaml", "--out", freshOutputDir("progress/err")], plain.io)).toBe(2);
    expect(plain.err).toEqual(["toolgen: /nonexistent/x.yaml: no such file"]);
  });
});
