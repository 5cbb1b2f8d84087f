/**
 * The tool manager under load: the spec's word-list sample served by the built
 * `serveTools` (dist/) in a child process; autocannon in this process, over loopback, 100
 * connections for LOAD_SECONDS (default 20) after a 3 s warm-up, cycling through valid calls of
 * both tools, a call refused with 400 and the description. Every answer is checked against what
 * that request must get; there must be no connection errors or timeouts; the server's memory after
 * the run must stay within bounds of its memory after the warm-up (test/support/load-test.ts); and
 * afterwards the server still answers correctly and closes gracefully on SIGTERM.
 *
 * Figures for BENCHMARKS.md: `npm run build && LOAD_SECONDS=30 npx vitest run test/server/load.test.ts`
 */
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import {
  LOAD_SECONDS,
  WARM_UP_SECONDS,
  expectSteadyUnderLoad,
  startProbedServer,
  type LoadRun,
  type ProbedServer,
  type RequestKind,
} from "../support/load-test.js";

const SERVER = join(import.meta.dirname, "fixtures/load-server.mjs");
const TOOLS = "/WordBook/v1";
const DESCRIPTION = "/.well-known/openapi.yaml";
const JSON_HEADERS = { "content-type": "application/json" };

let server: ProbedServer | undefined;
afterAll(() => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
});

const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: JSON_HEADERS, body: JSON.stringify(body) });

/** Requests of the mix; `description` is the text served before the load, which must not change. */
function requestKinds(description: string): RequestKind[] {
  return [
    {
      name: "AddWord, a stored word (200)",
      method: "POST",
      path: `${TOOLS}/AddWord?version=v1`,
      headers: JSON_HEADERS,
      body: JSON.stringify({ word: "serendipity" }),
      check: (status, body) => status === 200 && body === JSON.stringify({ message: '"serendipity" is already in the word list.' }),
    },
    {
      name: "AddWord, an empty word (400)",
      method: "POST",
      path: `${TOOLS}/AddWord?version=v1`,
      headers: JSON_HEADERS,
      body: JSON.stringify({ word: "" }),
      check: (status, body) => status === 400 && (JSON.parse(body) as { error?: unknown }).error === "invalid input",
    },
    {
      name: "GetWords (200)",
      method: "POST",
      path: `${TOOLS}/GetWords?version=v1`,
      headers: JSON_HEADERS,
      body: "{}",
      check: (status, body) => status === 200 && JSON.stringify((JSON.parse(body) as { words?: unknown }).words) === '["serendipity"]',
    },
    {
      name: `GET ${DESCRIPTION} (200)`,
      method: "GET",
      path: DESCRIPTION,
      check: (status, body) => status === 200 && body === description,
    },
  ];
}

function expectCleanRun(run: LoadRun, kinds: readonly RequestKind[]): void {
  expect({ errors: run.errors, timeouts: run.timeouts }).toEqual({ errors: 0, timeouts: 0 });
  const wrong = Object.entries(run.kinds).filter(([, c]) => c.wrong > 0).map(([name, c]) => `${name}: ${c.wrong} wrong, e.g. ${c.samples.join(" | ")}`);
  expect(wrong).toEqual([]);
  for (const kind of kinds) expect(run.kinds[kind.name]!.answered, kind.name).toBeGreaterThan(0);
  // The only non-2xx answers are the intended 400s, and autocannon saw every answer we checked.
  const refused = run.kinds["AddWord, an empty word (400)"]!.answered;
  expect(run.statusCodes).toEqual({ 200: run.requests - refused, 400: refused });
}

test(
  `tool manager: ${LOAD_SECONDS} s at 100 connections from a second process, every answer right, no errors, memory stable`,
  { timeout: (WARM_UP_SECONDS + LOAD_SECONDS) * 1000 + 60_000 },
  async () => {
    server = await startProbedServer([SERVER], /tool server listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const { url } = server;
    expect(await (await post(`${url}${TOOLS}/AddWord?version=v1`, { word: "serendipity" })).json()).toMatchObject({ message: 'Added "serendipity" to the word list.' });
    const descriptionAnswer = await fetch(`${url}${DESCRIPTION}`);
    expect(descriptionAnswer.status).toBe(200);
    const description = await descriptionAnswer.text();
    const kinds = requestKinds(description);

    await expectSteadyUnderLoad("tool manager", server, kinds, expectCleanRun);

    // Still correct afterwards: a new word is stored and listed, a bad one refused, same description.
    expect(await (await post(`${url}${TOOLS}/AddWord?version=v1`, { word: "ephemeral" })).json()).toEqual({
      message: 'Added "ephemeral" to the word list.',
      prompt: "Tell the user the word was added and offer to quiz them on it.",
    });
    expect(((await (await post(`${url}${TOOLS}/GetWords?version=v1`, {})).json()) as { words: string[] }).words).toEqual(["serendipity", "ephemeral"]);
    expect((await post(`${url}${TOOLS}/AddWord?version=v1`, { word: "" })).status).toBe(400);
    expect(await (await fetch(`${url}${DESCRIPTION}`)).text()).toBe(description);

    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain("tool server stopped");
    expect(server.output()).not.toMatch(/unexpected failure|failed/);
  },
);
