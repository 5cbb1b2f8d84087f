/**
 * Durability: the service runs in a child process (`toolgen kb serve` from transpiled sources),
 * concurrent writers add documents, the child is killed with SIGKILL while writes are in flight,
 * a new child opens the same data directory, and every acknowledged document is there and found
 * by search. The second child is stopped with SIGTERM and must exit cleanly.
 */
import { afterAll, expect, it } from "vitest";
import { KnowledgeBase } from "../../templates/knowledge-base.js";
import { killChildren, serveInChild } from "./serve-in-child.js";
import { removeTempDirs, tempDir } from "./support.js";

const TOKEN = "durability-token";

afterAll(() => {
  killChildren();
  removeTempDirs();
});

const serve = (dataDir: string) => serveInChild(["--data", dataDir, "--token", TOKEN]);

it("every acknowledged document survives kill -9", async () => {
  const dataDir = tempDir("kb-durable-");
  const first = await serve(dataDir);
  const kb = await KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: first.url, knowledgeBaseName: "durable" });

  const acknowledged: { id: string; word: string }[] = [];
  const writerErrors: unknown[] = [];
  // Each writer adds batch after batch until a request fails, i.e. until the kill cuts it off.
  const writer = async (w: number): Promise<void> => {
    for (let n = 0; ; n++) {
      const batch = Array.from({ length: 5 }, (_, i) => {
        const word = `marker${w}q${n}q${i}`;
        return { id: `w${w}-${n}-${i}`, title: `batch ${n}`, content: `durable document ${word} 持久化 测试` };
      });
      try {
        const ids = await kb.addDocuments(batch, { batchSize: 5, timeoutMs: 10_000 });
        ids.forEach((id, i) => acknowledged.push({ id, word: batch[i]!.content.split(" ")[2]! }));
      } catch (error) {
        writerErrors.push(error);
        return;
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  while (acknowledged.length < 200) {
    if (writerErrors.length > 0) throw new Error(`a writer failed before the kill: ${String(writerErrors[0])}\n${first.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  first.child.kill("SIGKILL");
  expect((await first.exited).signal).toBe("SIGKILL");
  await Promise.all(writers);
  expect(writerErrors).toHaveLength(4); // every writer was cut off mid-request

  const second = await serve(dataDir);
  const again = await KnowledgeBase.connect({ accessToken: TOKEN, baseUrl: second.url, knowledgeBaseName: "durable" });
  expect(again.id).toBe(kb.id);
  const stored = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const page = await again.listDocuments({ offset, limit: 1000 });
    page.documents.forEach((d) => stored.add(d.id));
    if (page.documents.length < 1000) break;
  }
  const missing = acknowledged.filter(({ id }) => !stored.has(id));
  expect(missing).toEqual([]);
  // The index is committed in the same transaction as the documents: every one is searchable.
  for (const { id, word } of acknowledged) {
    const hits = await again.search(word, { topK: 1 });
    expect(hits.map((h) => h.id)).toEqual([id]);
  }

  second.child.kill("SIGTERM");
  const { code } = await second.exited;
  expect(code).toBe(0);
  expect(second.output()).toContain("knowledge base service stopped");
});

it("a closed output pipe (kb serve | head -1) neither spins nor keeps it from stopping on SIGTERM", async () => {
  const served = await serve(tempDir("kb-pipe-"));
  // What `head -1` does after its first line: the reading end goes away.
  served.child.stdout!.destroy();
  served.child.stderr!.destroy();
  const answer = await fetch(`${served.url}/health`);
  expect(answer.status).toBe(200);
  const before = served.child.pid!;
  served.child.kill("SIGTERM");
  const exited = await Promise.race([served.exited, new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 15_000))]);
  expect(exited, `kb serve (pid ${before}) did not stop after SIGTERM with its output closed`).not.toBe("hung");
  expect(exited).toEqual({ code: 0, signal: null });
});
