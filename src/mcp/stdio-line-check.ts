/**
 * stdin as the SDK's stdio transport reads it, minus the lines that are no JSON-RPC message:
 * those are answered here (invalid-messages.ts), since the transport would report them to
 * `onerror` and answer nothing, leaving the client waiting. Blank lines are dropped. Every other
 * line passes whole and unchanged.
 *
 * A line longer than the transport's buffer limit passes on unread, so the transport's own limit
 * ends the connection as it would without this check.
 */
import { Transform } from "node:stream";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { invalidMessageAnswer, parseErrorAnswer, type JsonRpcErrorAnswer } from "./invalid-messages.js";

const NEWLINE = 0x0a;

/** `answer` writes one error answer (a JSON-RPC message) to the client. */
export function checkedLines(answer: (message: JsonRpcErrorAnswer) => void): Transform {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let passing = false; // the current line is past the limit: it goes on unread
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const out: Buffer[] = [];
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        const tail = chunk.subarray(start, end + 1);
        if (passing) out.push(tail);
        else {
          const line = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
          if (readable(line, answer)) out.push(line);
        }
        pending = [];
        pendingBytes = 0;
        passing = false;
        start = end + 1;
      }
      const rest = chunk.subarray(start);
      if (passing) out.push(rest);
      else if (rest.length > 0) {
        pending.push(rest);
        pendingBytes += rest.length;
        if (pendingBytes > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
          out.push(...pending);
          pending = [];
          pendingBytes = 0;
          passing = true;
        }
      }
      done(null, out.length > 0 ? Buffer.concat(out) : undefined);
    },
    flush(done) {
      // A last line without its newline is never read by the transport either.
      done(null, pending.length > 0 ? Buffer.concat(pending) : undefined);
    },
  });
}

/** Whether the transport can read the line; if not, it has been answered. */
function readable(line: Buffer, answer: (message: JsonRpcErrorAnswer) => void): boolean {
  const text = line.toString("utf8").replace(/\r?\n$/, "");
  if (text.trim() === "") return false;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    answer(parseErrorAnswer());
    return false;
  }
  const refusal = invalidMessageAnswer(value);
  if (refusal !== undefined) answer(refusal);
  return refusal === undefined;
}
