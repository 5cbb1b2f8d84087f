/**
 * The filter in front of the SDK's stdio transport: lines split across chunks arrive whole, what
 * is no JSON-RPC message is answered and held back, everything else passes byte for byte, and a
 * line past the transport's buffer limit passes unread (so the transport's own limit applies).
 */
import { Readable } from "node:stream";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { expect, test } from "vitest";
import type { JsonRpcErrorAnswer } from "../../src/mcp/invalid-messages.js";
import { checkedLines } from "../../src/mcp/stdio-line-check.js";

async function run(chunks: readonly (string | Buffer)[]): Promise<{ passed: Buffer; answers: JsonRpcErrorAnswer[] }> {
  const answers: JsonRpcErrorAnswer[] = [];
  const out: Buffer[] = [];
  const filter = Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))).pipe(checkedLines((a) => answers.push(a)));
  for await (const chunk of filter) out.push(chunk as Buffer);
  return { passed: Buffer.concat(out), answers };
}

const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

test("lines split across chunks pass whole; CRLF and UTF-8 split mid-character pass unchanged", async () => {
  const list = '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tag","arguments":{"t":"é"}}}\r\n';
  const bytes = Buffer.from(`${ping}\n${list}`);
  const cut = bytes.indexOf(Buffer.from("é")) + 1; // inside the two bytes of é
  const { passed, answers } = await run([bytes.subarray(0, 7), bytes.subarray(7, cut), bytes.subarray(cut)]);
  expect(passed.equals(bytes)).toBe(true);
  expect(answers).toEqual([]);
});

test("what is no message is answered and held back; blank lines are dropped", async () => {
  const { passed, answers } = await run([`${ping}\n\n  \nnot json\n{"jsonrpc":"2.0","id":3,"method":"tools/list","params":7}\n`, `${ping}\n`]);
  expect(passed.toString()).toBe(`${ping}\n${ping}\n`);
  expect(answers).toEqual([
    { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error: the message is not JSON" } },
    { jsonrpc: "2.0", id: 3, error: { code: -32602, message: "Invalid params for tools/list: params: expected object, received number" } },
  ]);
});

test("a line past the transport's buffer limit passes unread, and the lines after it are checked again", async () => {
  const huge = Buffer.alloc(STDIO_DEFAULT_MAX_BUFFER_SIZE + 1024, 0x61);
  const { passed, answers } = await run([huge.subarray(0, 1 << 20), huge.subarray(1 << 20), "\nnot json\n", `${ping}\n`]);
  expect(passed.length).toBe(huge.length + 1 + ping.length + 1);
  expect(passed.subarray(huge.length).toString()).toBe(`\n${ping}\n`);
  expect(answers.map((a) => a.error.code)).toEqual([-32700]);
});
