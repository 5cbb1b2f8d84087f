/**
 * The spec's sample tool server: a word list. `addWord` refuses a word already stored and answers
 * `message`, plus `prompt` on success; `getWords` answers every word in insertion order and a
 * `prompt`. Storage is an in-memory list. It publishes its description and few-shot examples at
 * the fixed paths, as any tool server must, and listens on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const WORD_LIST_DESCRIPTION = `openapi: 3.0.1
info:
  title: WordBook
  description: A personal English word list. Add words to it and list the words stored.
  version: v1
servers:
  - url: http://127.0.0.1:8081
paths:
  /add_word:
    post:
      operationId: addWord
      summary: Add a word
      description: Adds one word to the end of the word list. A word already in the list is not added twice.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              $ref: "#/components/schemas/addWordInput"
      responses:
        "200":
          description: The outcome of the request.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/addWordResult"
  /get_words:
    get:
      operationId: getWords
      summary: List the words
      description: Lists every word in the word list, in the order they were added.
      responses:
        "200":
          description: The stored words.
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/wordList"
components:
  schemas:
    addWordInput:
      type: object
      required: [word]
      properties:
        word:
          type: string
          description: The word to add to the word list.
    addWordResult:
      type: object
      required: [message]
      properties:
        message:
          type: string
          description: What happened.
        prompt:
          type: string
          description: Only after a successful add; tells the model how to phrase its answer.
    wordList:
      type: object
      required: [words, prompt]
      properties:
        words:
          type: array
          description: Every stored word, in insertion order.
          items:
            type: string
        prompt:
          type: string
          description: Tells the model how to phrase its answer.
`;

export const WORD_LIST_EXAMPLES = `version: 0.0.1
examples:
  - context:
      - role: user
        content: Please add the word "serendipity" to my word list.
      - role: bot
        plugin:
          operationId: addWord
          thoughts: The user wants to add a word to the word list.
          requestArguments: { word: serendipity }
  - context:
      - role: user
        content: Which words have I saved so far?
      - role: bot
        plugin:
          operationId: getWords
          thoughts: The user wants to see the word list.
          requestArguments: {}
  - context:
      - role: user
        content: How do I get better at remembering words?
      - role: bot
        plugin:
          thoughts: This needs no tool.
`;

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startWordListServer(port = 0): Promise<RunningServer & { readonly words: readonly string[] }> {
  const words: string[] = [];
  const server = createServer((req, res) => {
    handle(req, res, words).catch(() => send(res, 500, { message: "internal error" }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    words,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, words: string[]): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const route = `${req.method} ${url.pathname}`;
  if (route === "GET /.well-known/openapi.yaml") return sendText(res, WORD_LIST_DESCRIPTION);
  if (route === "GET /.well-known/examples.yaml" || route === "HEAD /.well-known/examples.yaml") {
    return sendText(res, WORD_LIST_EXAMPLES, req.method === "HEAD");
  }
  if (url.searchParams.get("version") !== "v1") return send(res, 400, { message: "this server serves version v1" });
  if (route === "GET /get_words") {
    return send(res, 200, { words, prompt: "List the words for the user in the order given." });
  }
  if (route === "POST /add_word") {
    const body = await readJson(req);
    const word = typeof body === "object" && body !== null ? (body as { word?: unknown }).word : undefined;
    if (typeof word !== "string" || word.trim() === "") return send(res, 400, { message: "word must be a non-empty string" });
    if (words.includes(word)) return send(res, 200, { message: `"${word}" is already in the word list.` });
    words.push(word);
    return send(res, 200, {
      message: `Added "${word}" to the word list.`,
      prompt: "Tell the user the word was added and offer to quiz them on it.",
    });
  }
  send(res, 404, { message: `no route ${route}` });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function sendText(res: ServerResponse, text: string, headOnly = false): void {
  res.writeHead(200, { "content-type": "application/yaml; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(headOnly ? undefined : text);
}
