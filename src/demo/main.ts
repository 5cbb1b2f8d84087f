/**
 * `npm run demo`: the main job end to end, offline. Starts the sample word-list tool server on
 * 127.0.0.1, runs toolgen against it, imports the generated module and calls it.
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { main as toolgen } from "../cli/main.js";
import { startWordListServer } from "./word-list-server.js";

const OUT = resolve(".demo-output/wordbook");

async function run(): Promise<void> {
  const server = await startWordListServer();
  try {
    step(`Sample tool server "WordBook" listening on ${server.url}`);
    await rm(OUT, { recursive: true, force: true });
    await mkdir(OUT, { recursive: true });

    step(`$ toolgen ${server.url} --out .demo-output/wordbook --emit js`);
    const code = await toolgen([server.url, "--out", OUT, "--emit", "js"]);
    if (code !== 0) throw new Error(`toolgen exited with ${code}`);

    const dts = await readFile(join(OUT, "operations.d.ts"), "utf8");
    step("The generated signatures (operations.d.ts):");
    for (const line of dts.split("\n").filter((l) => l.startsWith("export declare function"))) console.log(`  ${line}`);

    // The generated module is ordinary code: import it and call it.
    const gen = await import(pathToFileURL(join(OUT, "index.js")).href);
    step('await addWord({ word: "serendipity" })');
    show(await gen.addWord({ word: "serendipity" }));
    step('await addWord({ word: "serendipity" })   // a duplicate is refused by the server');
    show(await gen.addWord({ word: "serendipity" }));
    step('await addWord({ word: "ephemeral" })');
    show(await gen.addWord({ word: "ephemeral" }));
    step("await getWords()");
    show(await gen.getWords());

    step("toolkit.tools: what a language model is offered");
    for (const tool of gen.toolkit.tools) console.log(`  ${tool.name}  ${tool.method} ${tool.path}  ${tool.description}`);
    step(`await toolkit.call("WordBook/v1/addWord", '{"word":"lucid"}')   // a model's tool call, as JSON text`);
    show(await gen.toolkit.call("WordBook/v1/addWord", '{"word":"lucid"}'));

    step("A failing call: the server answers 400 for an empty word");
    try {
      await gen.addWord({ word: "" });
    } catch (error) {
      const e = error as { name: string; code: string; status: number; message: string };
      console.log(`  ${e.name} code=${e.code} status=${e.status}\n  ${e.message}`);
    }
    step("Words stored on the server");
    show(server.words);
  } finally {
    await server.close();
  }
}

function step(text: string): void {
  console.log(`\n> ${text}`);
}

function show(value: unknown): void {
  console.log(
    JSON.stringify(value, null, 2)
      .split("\n")
      .map((l) => `  ${l}`)
      .join("\n"),
  );
}

run().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
