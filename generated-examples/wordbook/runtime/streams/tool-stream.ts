// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * A streamed answer as a typed async iterable: the object a streaming function resolves to once
 * a 2xx answer's headers arrive. Items are cut by the parser of the answer's actual Content-Type
 * (event stream, JSON lines, JSON text sequence), one connection at a time:
 *
 * - `break` (the iterator's `return()`) or `close()` closes the connection at once;
 * - the caller's `signal` aborts it (the iteration throws `ABORTED`);
 * - a connection that breaks throws `NETWORK` after every complete item, unless the caller asked
 *   for `reconnect`: then the request is sent again with `Last-Event-ID`, after the server's
 *   `retry` delay (or a backoff), and a `204` ends the stream. Never silently by default;
 * - `maxResponseBytes` caps each item, not the stream, which may run for hours; `idleTimeoutMs`
 *   bounds the silence between two reads (keep-alive comments count as activity).
 *
 * Items parsed from one chunk are queued and handed out one per `next()`: an error found later in
 * the chunk (a broken line) is thrown only after every good item before it.
 */
import type { Exchange, Resend } from "../exchange.js";
import { transportError } from "../exchange.js";
import type { StreamFormat, StreamSpec } from "../operation.js";
import type { CallOptions, ClientConfig } from "../options.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../read-capped-body.js";
import type { ToolCallError } from "../tool-call-error.js";
import { EventStreamParser, type ParsedEvent } from "./event-stream-parser.js";
import { ItemTooLarge } from "./item-too-large.js";
import { JsonLinesParser } from "./json-lines-parser.js";
import { streamFormatOf } from "./stream-format.js";
import { snippet } from "../decode-response.js";

/** One server-sent event: `data` decoded when the description declares JSON. */
export interface ServerSentEvent<Data = string> {
  data: Data;
  /** The `event:` field; absent for the default kind ("message"). */
  event?: string;
  /** The last event id (it persists from event to event, as in browsers). */
  id?: string;
  /** The reconnection delay the server asked for with this event, in ms. */
  retry?: number;
}

/** Silence longer than this between two reads fails the stream (`TIMEOUT`): 5 minutes. */
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;

export interface ReconnectOptions {
  /** Reconnections in a row without an item in between before the stream fails. */
  readonly retries: number;
  /** Backoff when the server gave no `retry:` (default 1 000 ms), doubling with full jitter. */
  readonly minDelayMs?: number;
  /** Longest wait, also the cap on the server's `retry:` (default 30 000 ms). */
  readonly maxDelayMs?: number;
}

/** Options of a streaming call: a call's options, and what only a stream has. */
export interface StreamOptions<Auth extends object = Record<string, never>> extends CallOptions<Auth> {
  /**
   * Milliseconds to wait for the answer's headers (`TIMEOUT`); the stream itself may run for hours.
   * Default 60 000; `0` disables.
   */
  timeoutMs?: number;
  /** Longest silence between two reads of the stream, ms (default 300 000; `0` disables): `TIMEOUT`. */
  idleTimeoutMs?: number;
  /** Resume a stream whose connection breaks (`Last-Event-ID`, the server's `retry`). Off by default. */
  reconnect?: ReconnectOptions;
  /**
   * Checks each item before it is handed out: a returned text ends the iteration with
   * `INVALID_RESPONSE` naming the item and the problem. Off by default, like answers' checks;
   * `toolkit.stream(name, args, { validate: true })` checks against the tool's item schema.
   */
  validateItem?: (item: unknown) => string | undefined;
}

interface ReadOptions {
  readonly signal: AbortSignal | undefined;
  readonly validateItem: ((item: unknown) => string | undefined) | undefined;
  readonly maxItemBytes: number;
  readonly idleTimeoutMs: number;
  readonly reconnect: ReconnectOptions | undefined;
}

export function readStreamOptions(config: ClientConfig<object>, options: StreamOptions<object>): ReadOptions {
  const configured = config as ClientConfig<object> & Pick<StreamOptions<object>, "idleTimeoutMs" | "reconnect">;
  const max = options.maxResponseBytes ?? config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return {
    signal: options.signal ?? config.signal,
    validateItem: options.validateItem,
    maxItemBytes: max > 0 ? max : Infinity,
    idleTimeoutMs: options.idleTimeoutMs ?? configured.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    reconnect: options.reconnect ?? configured.reconnect,
  };
}

/** The items of a streamed answer; iterate it once (`for await`), or `close()` it. */
export class ToolStream<Item> implements AsyncIterable<Item> {
  /** The first answer (status and headers). */
  readonly response: Response;
  #reader: StreamReader<Item> | undefined;
  #iterated = false;

  /** @internal Made by the runtime's streaming call. */
  constructor(exchange: Exchange, spec: StreamSpec, options: ReadOptions, resend: Resend) {
    this.response = exchange.response;
    this.#reader = new StreamReader<Item>(exchange, spec, options, resend);
  }

  [Symbol.asyncIterator](): AsyncIterator<Item> {
    if (this.#iterated || !this.#reader) throw new TypeError("a ToolStream can be iterated once");
    this.#iterated = true;
    return this.#reader;
  }

  /** The last event id seen (event streams), as `Last-Event-ID` would send it. */
  get lastEventId(): string | undefined {
    return this.#reader?.lastEventId;
  }

  /** Closes the connection; an iteration in progress ends. */
  async close(): Promise<void> {
    await this.#reader?.return();
  }
}

type Parser = { kind: "events"; parser: EventStreamParser } | { kind: "lines"; parser: JsonLinesParser };

class StreamReader<Item> implements AsyncIterator<Item> {
  lastEventId: string | undefined;
  #exchange: Exchange;
  #body: ReadableStreamDefaultReader<Uint8Array>;
  #decoder = new TextDecoder();
  #parser: Parser;
  #queue: Item[] = [];
  #next = 0;
  #pending: ToolCallError | undefined;
  #finished = false;
  #idled = false;
  #retry: number | undefined;
  #failuresInARow = 0;
  #handedOut = 0;

  constructor(
    exchange: Exchange,
    private readonly spec: StreamSpec,
    private readonly options: ReadOptions,
    private readonly resend: Resend,
  ) {
    this.#exchange = exchange;
    const started = this.#start(exchange);
    this.#body = started.body;
    this.#parser = started.parser;
  }

  async next(): Promise<IteratorResult<Item>> {
    for (;;) {
      if (this.#next < this.#queue.length) {
        const value = this.#queue[this.#next++]!;
        this.#handedOut++;
        return { value, done: false };
      }
      this.#queue.length = 0;
      this.#next = 0;
      if (this.#pending) {
        const error = this.#pending;
        this.#pending = undefined;
        this.#close();
        throw error;
      }
      if (this.#finished) return { value: undefined, done: true };
      await this.#fill();
    }
  }

  async return(): Promise<IteratorResult<Item>> {
    this.#queue.length = 0;
    this.#pending = undefined;
    this.#close();
    return { value: undefined, done: true };
  }

  /** Takes over an answer: checks its Content-Type, makes its parser. */
  #start(exchange: Exchange): { body: ReadableStreamDefaultReader<Uint8Array>; parser: Parser } {
    const { response } = exchange;
    const format = this.#formatOf(response);
    const parser: Parser =
      format === "event-stream"
        ? { kind: "events", parser: new EventStreamParser(this.options.maxItemBytes) }
        : { kind: "lines", parser: new JsonLinesParser(this.options.maxItemBytes, format === "json-seq" ? "record" : "line") };
    if (response.status === 204 || !response.body) this.#finished = true;
    const body = (response.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() })).getReader();
    return { body, parser };
  }

  /** The answer's actual format; a JSON answer where a stream was asked for is refused. */
  #formatOf(response: Response): StreamFormat {
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const actual = streamFormatOf(type);
    if (actual) return actual;
    if (type === "" || response.status === 204) return this.spec.format;
    const hint = type === "application/json" || type.endsWith("+json") ? " (the request may have to ask for a stream, e.g. with `stream: true`)" : "";
    response.body?.cancel().catch(() => {});
    this.#exchange.controller.abort();
    this.#exchange.release();
    throw this.#exchange.fail(`answered ${response.status} with ${type} where ${this.spec.mediaType} was asked for${hint}`, "INVALID_RESPONSE", { status: response.status });
  }

  /** Reads until an item, an error or the end is queued. */
  async #fill(): Promise<void> {
    while (this.#next >= this.#queue.length && !this.#pending && !this.#finished) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await this.#read();
      } catch (error) {
        await this.#broken(error);
        continue;
      }
      if (chunk.done) {
        this.#take(this.#decoder.decode());
        this.#end();
        continue;
      }
      this.#take(this.#decoder.decode(chunk.value, { stream: true }));
    }
  }

  #read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    const idle = this.options.idleTimeoutMs;
    if (!(idle > 0) || idle === Infinity) return this.#body.read();
    const timer = setTimeout(() => {
      this.#idled = true;
      this.#exchange.controller.abort();
    }, idle);
    return this.#body.read().finally(() => clearTimeout(timer));
  }

  /** Parses decoded text into the queue; a parse failure is queued behind the good items. */
  #take(text: string): void {
    if (text === "") return;
    this.#parsing(() => {
      if (this.#parser.kind === "events") {
        const parser = this.#parser.parser;
        const events = parser.push(text);
        // `dispatched` already counts the whole chunk's events.
        const first = parser.dispatched - events.length + 1;
        for (let i = 0; i < events.length; i++) if (!this.#event(events[i]!, first + i)) return;
      } else {
        for (const line of this.#parser.parser.push(text)) if (!this.#line(line.text, line.line)) return;
      }
    });
  }

  /** Runs a parser step; an item past the size cap (found now or deferred to this step) is queued as the error. */
  #parsing(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (!(error instanceof ItemTooLarge)) throw error;
      this.#pending = this.#exchange.fail(`streamed ${error.unit} ${error.position} larger than ${error.limit} bytes; it was not read (raise maxResponseBytes to accept it)`, "RESPONSE_TOO_LARGE", {
        status: this.#exchange.response.status,
      });
    }
  }

  /** Queues one event; false when it ends the stream (`[DONE]`) or is broken. */
  #event(event: ParsedEvent, position: number): boolean {
    if (event.retry !== undefined) this.#retry = event.retry;
    if (event.id !== undefined) this.lastEventId = event.id;
    let data: unknown = event.data;
    if (this.spec.json) {
      // OpenAI and the servers compatible with it end a stream with this non-JSON sentinel.
      if (event.data === "[DONE]") {
        this.#finishEarly();
        return false;
      }
      try {
        data = JSON.parse(event.data);
      } catch {
        this.#pending = this.#exchange.fail(`streamed event ${position} whose data is not JSON: ${snippet(event.data)}`, "INVALID_RESPONSE", {
          status: this.#exchange.response.status,
          body: event.data.slice(0, 1000),
        });
        return false;
      }
    }
    const item: ServerSentEvent<unknown> = { data };
    if (event.event !== undefined) item.event = event.event;
    const id = event.id ?? this.lastEventId;
    if (id !== undefined) item.id = id;
    if (event.retry !== undefined) item.retry = event.retry;
    return this.#accept(item);
  }

  /** Queues a decoded item unless the caller's check refuses it. */
  #accept(item: unknown): boolean {
    const problem = this.options.validateItem?.(item);
    if (problem !== undefined) {
      this.#pending = this.#exchange.fail(`streamed item ${this.#handedOut + this.#queue.length - this.#next + 1} that does not match its schema: ${problem}`, "INVALID_RESPONSE", {
        status: this.#exchange.response.status,
        body: item,
      });
      return false;
    }
    if (this.#failuresInARow > 0) this.#failuresInARow = 0;
    this.#queue.push(item as Item);
    return true;
  }

  /** Queues one JSON line (or record); false when it is broken. */
  #line(text: string, line: number): boolean {
    let item: unknown;
    try {
      item = JSON.parse(text);
    } catch {
      const unit = this.spec.format === "json-seq" ? "record" : "line";
      this.#pending = this.#exchange.fail(`streamed ${unit} ${line}, which is not JSON: ${snippet(text)}`, "INVALID_RESPONSE", {
        status: this.#exchange.response.status,
        body: text.slice(0, 1000),
      });
      return false;
    }
    return this.#accept(item);
  }

  /** The answer ended: a last line without its line end still counts (JSON lines). */
  #end(): void {
    this.#parsing(() => {
      if (this.#parser.kind === "lines") {
        const last = this.#parser.parser.end();
        if (last) this.#line(last.text, last.line);
      } else {
        this.#parser.parser.end();
      }
    });
    this.#finished = true;
    this.#exchange.release();
  }

  /** A read failed: reconnect when asked to and allowed, else queue the error. */
  async #broken(error: unknown): Promise<void> {
    const idled = this.#idled;
    this.#idled = false;
    const failure = idled
      ? this.#exchange.fail(`streamed nothing for ${this.options.idleTimeoutMs} ms`, "TIMEOUT", { cause: error })
      : transportError(this.#exchange, error);
    const reconnect = this.options.reconnect;
    const resumable = failure.code === "NETWORK" || failure.code === "TIMEOUT";
    if (!reconnect || !resumable || this.#failuresInARow >= reconnect.retries) {
      this.#pending = failure;
      return;
    }
    this.#exchange.release();
    await this.#reconnect(reconnect, failure);
  }

  async #reconnect(reconnect: ReconnectOptions, failure: ToolCallError): Promise<void> {
    for (;;) {
      this.#failuresInARow++;
      const max = reconnect.maxDelayMs ?? 30_000;
      const backoff = Math.random() * Math.min(max, (reconnect.minDelayMs ?? 1_000) * 2 ** (this.#failuresInARow - 1));
      const signal = this.options.signal;
      await delay(this.#retry !== undefined ? Math.min(max, this.#retry) : backoff, signal);
      if (signal?.aborted) {
        this.#pending = this.#exchange.fail("was aborted", "ABORTED", { cause: signal.reason });
        return;
      }
      try {
        const exchange = await this.resend(this.lastEventId !== undefined ? { "last-event-id": this.lastEventId } : {});
        this.#exchange = exchange;
        const started = this.#start(exchange);
        this.#body = started.body;
        this.#parser = started.parser;
        this.#decoder = new TextDecoder();
        return;
      } catch (error) {
        const next = error as ToolCallError;
        if ((next.code !== "NETWORK" && next.code !== "TIMEOUT") || this.#failuresInARow >= reconnect.retries) {
          this.#pending = next.code === "NETWORK" || next.code === "TIMEOUT" ? failure : next;
          return;
        }
      }
    }
  }

  /** `[DONE]`: the stream is over although the connection may stay open. */
  #finishEarly(): void {
    this.#finished = true;
    this.#close();
  }

  #close(): void {
    this.#finished = true;
    this.#body.cancel().catch(() => {});
    this.#exchange.controller.abort();
    this.#exchange.release();
  }
}

/** Waits `ms`, or less when the signal aborts. */
function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
