/**
 * `npm run demo`: the main job end to end, offline. Starts the sample word-list tool server on
 * 127.0.0.1, runs toolgen against it, imports the generated module and calls it.
 */
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { main as toolgen } from "../cli/main.js";
import { startKnowledgeBaseService } from "../knowledge-base/index.js";
import { serveTools } from "../server/index.js";
import { WORD_LIST_NAMESPACE, WORD_LIST_VERSION, wordListTools } from "../server/samples/word-list.js";

const OUT = resolve(".demo-output/wordbook");

async function run(): Promise<void> {
  const wordList = wordListTools({ spelling: true });
  const server = await serveTools(wordList.tools, { namespace: WORD_LIST_NAMESPACE, version: WORD_LIST_VERSION });
  try {
    step(`Sample tool server "WordBook" (toolgen/server: defineTool + serveTools) listening on ${server.url}`);
    await rm(OUT, { recursive: true, force: true });
    await mkdir(OUT, { recursive: true });

    step(`$ toolgen ${server.url} --out .demo-output/wordbook --emit js`);
    const code = await toolgen([server.url, "--out", OUT, "--emit", "js", "--token", "demo-token"]);
    if (code !== 0) throw new Error(`toolgen exited with ${code}`);

    const dts = await readFile(join(OUT, "operations.d.ts"), "utf8");
    step("The generated signatures (operations.d.ts):");
    // Each declaration whole, also where the formatter wrapped it over several lines.
    for (const match of dts.matchAll(/^export declare function [^;]*;/gm)) console.log(`  ${match[0].replace(/\s*\n\s*/g, " ").replace(/\( /g, "(").replace(/,? \)/g, ")")}`);

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

    step('for await (const ev of await spellWord({ word: "ephemeral" }))   // a streaming tool: one typed event per letter');
    const letters: string[] = [];
    for await (const ev of await gen.spellWord({ word: "ephemeral" })) letters.push(`${ev.data.position}:${ev.data.letter}`);
    console.log(`  ${letters.join(" ")}`);

    step("toolkit.tools: what a language model is offered");
    for (const tool of gen.toolkit.tools) console.log(`  ${tool.name}  ${tool.method} ${tool.path}  ${tool.description}`);
    step(`await toolkit.call("WordBook/v1/AddWord", '{"word":"lucid"}')   // a model's tool call, as JSON text`);
    show(await gen.toolkit.call("WordBook/v1/AddWord", '{"word":"lucid"}'));

    step('await addWord({ word: "" })   // the tool server validates its input and answers 400');
    try {
      await gen.addWord({ word: "" });
    } catch (error) {
      const e = error as { name: string; code: string; status: number; message: string };
      console.log(`  ${e.name} code=${e.code} status=${e.status}\n  ${e.message}`);
    }
    step("Words stored on the server");
    show(wordList.words);
  } finally {
    await server.close();
  }
  await knowledgeBaseDemo();
}

/** Part B of the protocol: the local knowledge-base service and the generated client for it. */
async function knowledgeBaseDemo(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "toolgen-demo-kb-"));
  const service = await startKnowledgeBaseService({ dataDir, tokens: ["demo-token"] });
  try {
    step(`Local knowledge-base service (toolgen kb serve) on ${service.url}, data in a temporary SQLite file`);
    const { KnowledgeBase } = await import(pathToFileURL(join(OUT, "knowledge-base.js")).href);
    step('const kb = await KnowledgeBase.connect({ knowledgeBaseName: "handbook", accessToken, baseUrl })');
    const kb = await KnowledgeBase.connect({ knowledgeBaseName: "handbook", accessToken: "demo-token", baseUrl: service.url });
    console.log(`  kb.id = ${kb.id}`);
    step("await kb.addDocuments([...4 documents], { batchSize: 2, threadCount: 2 })");
    const ids = await kb.addDocuments(
      [
        { title: "travel.md", content: "Book train tickets at least two weeks before the trip.", metadata: { team: "ops" } },
        { title: "expenses.md", content: "Keep every receipt; expenses over 50 euros need a manager's approval.", metadata: { team: "finance" } },
        { title: "onboarding.md", content: "New engineers get a laptop and a buddy on their first day.", metadata: { team: "ops" } },
        { title: "差旅.md", content: "出差前两周预订火车票，保留所有发票。", metadata: { team: "ops" } },
      ],
      { batchSize: 2, threadCount: 2 },
    );
    console.log(`  stored ${ids.length} documents`);
    step('await kb.search("train tickets", { topK: 3 })');
    show(await kb.search("train tickets", { topK: 3 }));
    step('await kb.search("火车票", { topK: 3 })   // Chinese is segmented into words');
    show(await kb.search("火车票", { topK: 3 }));
    step('await kb.search("receipt approval", { filters: { team: "finance" } })   // a term filter on metadata');
    show(await kb.search("receipt approval", { filters: { team: "finance" } }));
  } finally {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
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
