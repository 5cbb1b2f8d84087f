/**
 * The answer of a tool whose `run` gives an async iterable (an `async function*`): each item
 * becomes one event of a `text/event-stream` (`data: <JSON>`), or one line of JSON lines when the
 * caller prefers that (stream-format.ts).
 *
 * - Nothing is sent before the first item, so a tool that fails at once, or whose first item is
 *   invalid, gets the same JSON 500 as a plain tool. Once the answer has started, a failure ends
 *   it with an `error` event (JSON lines: a last line `{"error": {...}}`) carrying the usual
 *   error body, never a stack trace.
 * - An item is pulled only after the previous one was written and the socket took it
 *   (`res.write()` true, or `drain`): a slow reader holds the generator back instead of the
 *   server buffering everything it yields.
 * - A caller that goes away (or an invalid item) ends the iteration with `return()`, so the
 *   generator's `finally` blocks run. For a generator that is awaiting something, that happens
 *   when it next yields: JavaScript queues `return()` behind the running step.
 * - While the generator yields nothing for `keepAliveMs`, an event stream gets a `: keep-alive`
 *   comment, so proxies and clients with idle timeouts keep the connection; also before the first
 *   item, which starts the answer then. JSON lines has no comment syntax, so it waits silently.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendError, type ErrorBody } from "./http-answers.js";
import { resultJson } from "./result-json.js";
import { negotiateStreamFormat } from "./stream-format.js";
import type { Logger } from "./tool-call.js";
import type { ToolRoute } from "./tool-routes.js";

export interface StreamSettings {
  /** Idle time before a keep-alive comment; 0 sends none. */
  readonly keepAliveMs: number;
  readonly log: Logger;
}

/** What the iterator gave. */
type Pulled = { readonly kind: "item"; readonly value: unknown } | { readonly kind: "done" } | { readonly kind: "failed"; readonly error: unknown };
/** What a wait ended with: the pull, or the caller leaving, the keep-alive interval, the socket draining. */
type Step = Pulled | { readonly kind: "gone" } | { readonly kind: "idle" } | { readonly kind: "drained" };

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";
}

export async function sendStream(route: ToolRoute, req: IncomingMessage, res: ServerResponse, iterable: AsyncIterable<unknown>, settings: StreamSettings): Promise<void> {
  const name = route.tool.name;
  const { log } = settings;
  const format = negotiateStreamFormat(req.headers.accept);
  const eventStream = format.kind === "event-stream";
  let iterator: AsyncIterator<unknown>;
  try {
    iterator = iterable[Symbol.asyncIterator]();
  } catch (error) {
    log(`tool ${name} failed`, error);
    return sendError(res, 500, { error: "internal error", message: `${name} failed; the details are in the server's log` });
  }

  // One waiter at a time; each event wakes the current one. (Racing fresh promises against one
  // long-lived "closed" promise would pile a reaction onto it for every item of a long stream.)
  let gone = false;
  let wake: ((step: Step) => void) | undefined;
  const onClose = () => {
    if (res.writableFinished) return;
    gone = true;
    wake?.({ kind: "gone" });
  };
  res.once("close", onClose);
  const wait = (pending: Promise<Pulled> | undefined, idle: boolean): Promise<Step> =>
    new Promise<Step>((resolve) => {
      if (gone) return resolve({ kind: "gone" });
      const timer = idle && eventStream && settings.keepAliveMs > 0 ? setTimeout(() => settle({ kind: "idle" }), settings.keepAliveMs) : undefined;
      const onDrain = () => settle({ kind: "drained" });
      if (pending === undefined) res.once("drain", onDrain);
      function settle(step: Step) {
        if (wake !== settle) return;
        wake = undefined;
        if (timer !== undefined) clearTimeout(timer);
        res.off("drain", onDrain);
        resolve(step);
      }
      wake = settle;
      pending?.then(settle);
    });

  let started = false;
  const start = () => {
    started = true;
    // `x-accel-buffering: no`: nginx would otherwise hold the events back until its buffer fills.
    res.writeHead(200, { "content-type": format.contentType, "cache-control": "no-cache", "x-accel-buffering": "no" });
  };
  const stopIterator = () => {
    // Not awaited: a generator busy in an await finishes that step first, and the answer need not wait.
    Promise.resolve()
      .then(() => iterator.return?.())
      .catch((error: unknown) => log(`tool ${name}: ending its stream failed`, error));
  };
  const fail = (body: ErrorBody) => {
    if (!started) return sendError(res, 500, body);
    res.end(eventStream ? `event: error\ndata: ${JSON.stringify(body)}\n\n` : `${JSON.stringify({ error: body })}\n`);
  };

  try {
    for (let index = 1; ; index++) {
      const pending = pull(iterator);
      let step = await wait(pending, true);
      while (step.kind === "idle") {
        if (!started) start();
        res.write(": keep-alive\n\n"); // a few bytes, after a quiet interval: backpressure can wait
        step = await wait(pending, true);
      }
      if (step.kind === "gone" || step.kind === "drained") return stopIterator(); // drained: only when not pulling
      if (step.kind === "failed") {
        log(`tool ${name} failed${started ? ` after ${index - 1} items` : ""}`, step.error);
        return fail({ error: "internal error", message: `${name} failed; the details are in the server's log` });
      }
      if (step.kind === "done") {
        if (!started) start();
        return void res.end();
      }
      const text = resultJson(route, step.value, log, `yielded item ${index}`);
      if (text === undefined) {
        stopIterator();
        return fail({ error: "internal error", message: `${name} yielded an invalid item; the details are in the server's log` });
      }
      if (!started) start();
      // JSON.stringify escapes CR and LF inside strings and adds none between tokens, so one item
      // is always one `data:` line, and one JSON line.
      if (!res.write(eventStream ? `data: ${text}\n\n` : `${text}\n`)) {
        if ((await wait(undefined, false)).kind === "gone") return stopIterator();
      }
    }
  } finally {
    res.off("close", onClose);
  }
}

/** The iterator's next step as a value: a rejection becomes `failed`, so the pump never throws. */
function pull(iterator: AsyncIterator<unknown>): Promise<Pulled> {
  return Promise.resolve()
    .then(() => iterator.next())
    .then((result): Pulled => (result.done === true ? { kind: "done" } : { kind: "item", value: result.value }))
    .catch((error: unknown): Pulled => ({ kind: "failed", error })); // also a `next()` that gave no object
}
