/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { transportError } from "../exchange.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../read-capped-body.js";
import { EventStreamParser } from "./event-stream-parser.js";
import { ItemTooLarge } from "./item-too-large.js";
import { JsonLinesParser } from "./json-lines-parser.js";
import { streamFormatOf } from "./stream-format.js";
import { snippet } from "../decode-response.js";
/** Silence longer than this between two reads fails the stream (`TIMEOUT`): 5 minutes. */
export const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
export function readStreamOptions(config, options) {
    const configured = config;
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
export class ToolStream {
    /** The first answer (status and headers). */
    response;
    #reader;
    #iterated = false;
    /** @internal Made by the runtime's streaming call. */
    constructor(exchange, spec, options, resend) {
        this.response = exchange.response;
        this.#reader = new StreamReader(exchange, spec, options, resend);
    }
    [Symbol.asyncIterator]() {
        if (this.#iterated || !this.#reader)
            throw new TypeError("a ToolStream can be iterated once");
        this.#iterated = true;
        return this.#reader;
    }
    /** The last event id seen (event streams), as `Last-Event-ID` would send it. */
    get lastEventId() {
        return this.#reader?.lastEventId;
    }
    /** Closes the connection; an iteration in progress ends. */
    async close() {
        await this.#reader?.return();
    }
}
class StreamReader {
    spec;
    options;
    resend;
    lastEventId;
    #exchange;
    #body;
    #decoder = new TextDecoder();
    #parser;
    #queue = [];
    #next = 0;
    #pending;
    #finished = false;
    #idled = false;
    #retry;
    #failuresInARow = 0;
    #handedOut = 0;
    constructor(exchange, spec, options, resend) {
        this.spec = spec;
        this.options = options;
        this.resend = resend;
        this.#exchange = exchange;
        const started = this.#start(exchange);
        this.#body = started.body;
        this.#parser = started.parser;
    }
    async next() {
        for (;;) {
            if (this.#next < this.#queue.length) {
                const value = this.#queue[this.#next++];
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
            if (this.#finished)
                return { value: undefined, done: true };
            await this.#fill();
        }
    }
    async return() {
        this.#queue.length = 0;
        this.#pending = undefined;
        this.#close();
        return { value: undefined, done: true };
    }
    /** Takes over an answer: checks its Content-Type, makes its parser. */
    #start(exchange) {
        const { response } = exchange;
        const format = this.#formatOf(response);
        const parser = format === "event-stream"
            ? { kind: "events", parser: new EventStreamParser(this.options.maxItemBytes) }
            : { kind: "lines", parser: new JsonLinesParser(this.options.maxItemBytes, format === "json-seq" ? "record" : "line") };
        if (response.status === 204 || !response.body)
            this.#finished = true;
        const body = (response.body ?? new ReadableStream({ start: (c) => c.close() })).getReader();
        return { body, parser };
    }
    /** The answer's actual format; a JSON answer where a stream was asked for is refused. */
    #formatOf(response) {
        const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
        const actual = streamFormatOf(type);
        if (actual)
            return actual;
        if (type === "" || response.status === 204)
            return this.spec.format;
        const hint = type === "application/json" || type.endsWith("+json") ? " (the request may have to ask for a stream, e.g. with `stream: true`)" : "";
        response.body?.cancel().catch(() => { });
        this.#exchange.controller.abort();
        this.#exchange.release();
        throw this.#exchange.fail(`answered ${response.status} with ${type} where ${this.spec.mediaType} was asked for${hint}`, "INVALID_RESPONSE", { status: response.status });
    }
    /** Reads until an item, an error or the end is queued. */
    async #fill() {
        while (this.#next >= this.#queue.length && !this.#pending && !this.#finished) {
            let chunk;
            try {
                chunk = await this.#read();
            }
            catch (error) {
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
    #read() {
        const idle = this.options.idleTimeoutMs;
        if (!(idle > 0) || idle === Infinity)
            return this.#body.read();
        const timer = setTimeout(() => {
            this.#idled = true;
            this.#exchange.controller.abort();
        }, idle);
        return this.#body.read().finally(() => clearTimeout(timer));
    }
    /** Parses decoded text into the queue; a parse failure is queued behind the good items. */
    #take(text) {
        if (text === "")
            return;
        this.#parsing(() => {
            if (this.#parser.kind === "events") {
                const parser = this.#parser.parser;
                const events = parser.push(text);
                // `dispatched` already counts the whole chunk's events.
                const first = parser.dispatched - events.length + 1;
                for (let i = 0; i < events.length; i++)
                    if (!this.#event(events[i], first + i))
                        return;
            }
            else {
                for (const line of this.#parser.parser.push(text))
                    if (!this.#line(line.text, line.line))
                        return;
            }
        });
    }
    /** Runs a parser step; an item past the size cap (found now or deferred to this step) is queued as the error. */
    #parsing(step) {
        try {
            step();
        }
        catch (error) {
            if (!(error instanceof ItemTooLarge))
                throw error;
            this.#pending = this.#exchange.fail(`streamed ${error.unit} ${error.position} larger than ${error.limit} bytes; it was not read (raise maxResponseBytes to accept it)`, "RESPONSE_TOO_LARGE", {
                status: this.#exchange.response.status,
            });
        }
    }
    /** Queues one event; false when it ends the stream (`[DONE]`) or is broken. */
    #event(event, position) {
        if (event.retry !== undefined)
            this.#retry = event.retry;
        if (event.id !== undefined)
            this.lastEventId = event.id;
        let data = event.data;
        if (this.spec.json) {
            // OpenAI and the servers compatible with it end a stream with this non-JSON sentinel.
            if (event.data === "[DONE]") {
                this.#finishEarly();
                return false;
            }
            try {
                data = JSON.parse(event.data);
            }
            catch {
                this.#pending = this.#exchange.fail(`streamed event ${position} whose data is not JSON: ${snippet(event.data)}`, "INVALID_RESPONSE", {
                    status: this.#exchange.response.status,
                    body: event.data.slice(0, 1000),
                });
                return false;
            }
        }
        const item = { data };
        if (event.event !== undefined)
            item.event = event.event;
        const id = event.id ?? this.lastEventId;
        if (id !== undefined)
            item.id = id;
        if (event.retry !== undefined)
            item.retry = event.retry;
        return this.#accept(item);
    }
    /** Queues a decoded item unless the caller's check refuses it. */
    #accept(item) {
        const problem = this.options.validateItem?.(item);
        if (problem !== undefined) {
            this.#pending = this.#exchange.fail(`streamed item ${this.#handedOut + this.#queue.length - this.#next + 1} that does not match its schema: ${problem}`, "INVALID_RESPONSE", {
                status: this.#exchange.response.status,
                body: item,
            });
            return false;
        }
        if (this.#failuresInARow > 0)
            this.#failuresInARow = 0;
        this.#queue.push(item);
        return true;
    }
    /** Queues one JSON line (or record); false when it is broken. */
    #line(text, line) {
        let item;
        try {
            item = JSON.parse(text);
        }
        catch {
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
    #end() {
        this.#parsing(() => {
            if (this.#parser.kind === "lines") {
                const last = this.#parser.parser.end();
                if (last)
                    this.#line(last.text, last.line);
            }
            else {
                this.#parser.parser.end();
            }
        });
        this.#finished = true;
        this.#exchange.release();
    }
    /** A read failed: reconnect when asked to and allowed, else queue the error. */
    async #broken(error) {
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
    async #reconnect(reconnect, failure) {
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
            }
            catch (error) {
                const next = error;
                if ((next.code !== "NETWORK" && next.code !== "TIMEOUT") || this.#failuresInARow >= reconnect.retries) {
                    this.#pending = next.code === "NETWORK" || next.code === "TIMEOUT" ? failure : next;
                    return;
                }
            }
        }
    }
    /** `[DONE]`: the stream is over although the connection may stay open. */
    #finishEarly() {
        this.#finished = true;
        this.#close();
    }
    #close() {
        this.#finished = true;
        this.#body.cancel().catch(() => { });
        this.#exchange.controller.abort();
        this.#exchange.release();
    }
}
/** Waits `ms`, or less when the signal aborts. */
function delay(ms, signal) {
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
