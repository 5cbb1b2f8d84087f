/**
 * The spec's sample word-list tool server, served by toolgen's own tool manager on 127.0.0.1
 * (port 0), for the end-to-end tests of tools for language models (agent loop, MCP, generated
 * toolkit, loadToolkit): a real tool server publishing a real description and examples.yaml.
 */
import { serveTools } from "../../../src/server/index.js";
import { WORD_LIST_NAMESPACE, WORD_LIST_VERSION, wordListTools } from "../../../src/server/samples/word-list.js";

export interface WordListServer {
  readonly url: string;
  /** The words stored so far (live view). */
  readonly words: readonly string[];
  close(): Promise<void>;
}

export async function startWordListServer(): Promise<WordListServer> {
  const list = wordListTools();
  const server = await serveTools(list.tools, { namespace: WORD_LIST_NAMESPACE, version: WORD_LIST_VERSION, logger: () => {} });
  return { url: server.url, words: list.words, close: () => server.close() };
}
