/**
 * The two halves together: a streaming tool served by `toolgen/server` (an `async function*`)
 * is generated into a typed streaming function and read by the generated client and by
 * `loadToolkit`; a client's `break` reaches the tool's `finally` on the server.
 */
import { join } from "node:path";
import { z } from "zod";
import { afterAll, beforeAll, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { loadToolkit } from "../../src/load-toolkit/load-toolkit.js";
import { defineTool, serveTools } from "../../src/server/index.js";
import { wordListTools } from "../../src/server/samples/word-list.js";
import { freshOutputDir } from "../support/output-dir.js";
import { typecheckWith } from "../support/generated-module.js";

let server: Awaited<ReturnType<typeof serveTools>>;
let finished = 0;
let pulled = 0;

const ticker = defineTool({
  name: "Ticker",
  description: "Counts up forever.",
  output: z.object({ n: z.int() }),
  run: async function* () {
    try {
      for (let n = 1; ; n++) {
        pulled = n;
        yield { n };
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      finished++;
    }
  },
});

beforeAll(async () => {
  const list = wordListTools({ spelling: true });
  server = await serveTools([...list.tools, ticker], { namespace: "WordBook", version: "v1" });
});
afterAll(() => server.close());

test("the generated client reads the tool manager's stream, typed; break stops the tool", async () => {
  const dir = freshOutputDir("tool-manager-streams");
  const out = join(dir, "toolgen");
  expect(await main([server.url, "--out", out], { stdout: () => {}, stderr: () => {}, exitCode: () => {} })).toBe(0);
  const app = `
import { spellWord, ticker } from "./toolgen/index.js";
export async function spell(word: string): Promise<string> {
  let text = "";
  for await (const ev of await spellWord({ word })) {
    const position: number = ev.data.position;
    text += ev.data.letter;
    // @ts-expect-error an item has a letter and a position only
    ev.data.word;
    void position;
  }
  for await (const ev of await ticker()) if (ev.data.n > 2) break;
  return text;
}
`;
  expect(await typecheckWith(dir, app)).toBe("");
  const gen = await import(join(out, "index.ts"));
  await gen.addWord({ word: "naïve" });
  const letters: string[] = [];
  for await (const ev of await gen.spellWord({ word: "naïve" })) letters.push(ev.data.letter);
  expect(letters).toEqual(["n", "a", "ï", "v", "e"]);
  await expect(gen.spellWord({ word: "absent" })).rejects.toMatchObject({ code: "HTTP_STATUS", status: 500 });

  const before = finished;
  for await (const ev of await gen.ticker()) if (ev.data.n === 3) break;
  await expect.poll(() => finished, { timeout: 5000 }).toBe(before + 1);
  expect(pulled).toBeLessThan(10);
});

test("loadToolkit: toolkit.call collects the items, toolkit.stream iterates them", async () => {
  const toolkit = await loadToolkit(server.url);
  await toolkit.call("WordBook/v1/AddWord", { word: "ok" });
  expect(await toolkit.call("WordBook/v1/SpellWord", { word: "ok" })).toEqual([{ data: { letter: "o", position: 1 } }, { data: { letter: "k", position: 2 } }]);
  const items: unknown[] = [];
  for await (const item of await toolkit.stream("WordBook/v1/SpellWord", { word: "ok" }, { validate: true })) items.push(item);
  expect(items).toHaveLength(2);
  expect(toolkit.tool("WordBook/v1/Ticker")?.stream).toBe("only");
});
