/**
 * The `toolkit` a generated module exports (and `loadToolkit` builds at run time): one entry per
 * operation with everything a language model needs (names, description, `parameters` and
 * `responses` JSON Schemas, few-shot examples), and `call(name, args)` to run the one a model
 * chose. Built from plain data computed at build time; nothing is parsed or compiled here.
 */
import type { AuthScheme, AuthValues } from "./auth/auth-scheme.js";
import { withBoundOptions, type CallOptions } from "./options.js";
import type { PageCall } from "./paginate.js";
import { setOwn } from "./own-property.js";
import type { ToolFileFields } from "./files/file-fields.js";
import type { FileStore } from "./files/file-store.js";
import type { FilesOptions } from "./files/files-options.js";
import type { JsonObjectSchema, JsonSchema } from "./validation/json-schema.js";
import type { CollectLimits } from "./streams/collect-items.js";
import type { StreamOptions, ToolStream } from "./streams/tool-stream.js";

// Generated functions are (input, options) or, with no input, (options). Both are stored as this;
// an operation that also streams carries its streaming form as `.stream`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOperation = ((...args: any[]) => Promise<unknown>) & { stream?: (...args: any[]) => Promise<ToolStream<unknown>>; paged?: PageCall };

/** One message of a few-shot conversation (examples.yaml `context`, in provider-neutral form). */
export type ExampleMessage =
  | { readonly role: "user"; readonly content: string }
  | {
      readonly role: "assistant";
      /** The reasoning the example gives for the turn (examples.yaml `thoughts`). */
      readonly thoughts?: string;
      /** The tool call of the turn, by canonical tool name; absent when the turn calls no tool. */
      readonly call?: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> };
    };

/** One few-shot conversation, kept whole as examples.yaml wrote it. */
export interface ToolExample {
  readonly messages: readonly ExampleMessage[];
}

/** What a model is told about one tool: plain data, identical in generated code and loadToolkit. */
export interface ToolDescriptor {
  /** Canonical `<title>/<version>/<operationId>` (the reference's name; ERNIE and MCP `title`). */
  readonly name: string;
  /** Provider-safe name, `^[A-Za-z_][A-Za-z0-9_-]{0,63}$`, unique in the toolkit (OpenAI, Anthropic, Gemini, MCP). */
  readonly wireName: string;
  /** Operation description, else summary, else a sentence from method and path. */
  readonly description: string;
  /** Upper-case HTTP method. */
  readonly method: string;
  readonly path: string;
  readonly deprecated?: boolean;
  /** JSON Schema of the arguments: the flat input object minus header and cookie parameters. */
  readonly parameters: JsonObjectSchema;
  /** JSON Schema of the 2xx answer (kept shallow for large descriptions); absent when it has no body. */
  readonly responses?: JsonSchema;
  /** Conversations from examples.yaml that call this tool, each kept whole. */
  readonly examples: readonly ToolExample[];
  /** Inputs forced by `x-ebagent-fixed-value`: hidden from the model, merged into every call. */
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** `x-ebagent-prompt` of the response schema: added as `prompt` to an object result that has none. */
  readonly prompt?: string;
  /** Where arguments take file ids and where the answer holds base64 files (see files/file-fields.ts). */
  readonly files?: ToolFileFields;
  /**
   * The tool's answer can be a stream of items: `only` when the function itself streams (`call`
   * collects the items into an array), `also` when it answers JSON and `fn.stream()` asks for the
   * stream. `toolkit.stream` reads either item by item.
   */
  readonly stream?: "only" | "also";
  /** JSON Schema of one streamed item of an `also` tool (an `only` tool's is `responses.items`). */
  readonly streamItems?: JsonSchema;
  /** The operation's `x-mcp-annotations`: MCP hints that override those the MCP bridge derives from the method. */
  readonly mcpAnnotations?: McpToolHints;
}

/** The MCP tool annotations' hints (their meaning is the MCP specification's, tools section). */
export interface McpToolHints {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

export interface ToolEntry extends ToolDescriptor {
  /** The generated function's name. */
  readonly functionName: string;
  /** The operation takes no input object (its function's first argument is the options). */
  readonly inputless: boolean;
  readonly run: AnyOperation;
}

/** `Auth`: the toolkit's `Credentials` type in generated code, so `call`'s `options.auth` is checked. */
export interface Toolkit<Auth extends object = AuthValues> {
  readonly title: string;
  readonly version: string;
  readonly tools: readonly ToolEntry[];
  /** The security schemes `options.auth` may name, when known (loadToolkit). */
  readonly securitySchemes?: Readonly<Record<string, AuthScheme>>;
  /** examples.yaml conversations in which no tool is called (negative examples). */
  readonly examples: readonly ToolExample[];
  /** The entry with this canonical name, wire name or function name. */
  tool(name: string): ToolEntry | undefined;
  /**
   * Validates a model's arguments for tool `name` (canonical or wire name) without calling it:
   * parses JSON text, drops `null`s written for optional fields, and returns what `call` would
   * send. Throws ToolInputError.
   */
  check(name: string | undefined, args?: unknown): Record<string, unknown>;
  /**
   * Calls tool `name` (canonical or wire name) with `args`: an object, or the JSON text a model
   * returned. Invalid arguments and unknown names throw ToolInputError before any request;
   * HTTP failures throw ToolCallError. A `prompt` field in the result is passed through as is.
   * `name` may be `undefined` because SDKs type a model's call so (Gemini's `FunctionCall.name`):
   * it names no tool, and the model gets the same retry message as for any unknown name.
   * Files travel by id (src/runtime/files/): file arguments are swapped for the stored content
   * before the request, a binary answer comes back as `{ file, filename, mimeType, size }`, and
   * base64 fields marked `x-ebagent-file-mime-type` as ids.
   */
  call(name: string | undefined, args?: unknown, options?: CallOptions<Auth> & CollectLimits & { validate?: boolean }): Promise<unknown>;
  /**
   * Calls a tool whose answer is a stream (`stream` in its descriptor) and resolves, once the
   * answer's headers arrive, to its items, checked and sent as `call` does. A tool that does not
   * stream throws ToolInputError (`NOT_STREAMING`) before any request.
   */
  stream(name: string | undefined, args?: unknown, options?: StreamOptions<Auth> & { validate?: boolean }): Promise<ToolStream<unknown>>;
  /**
   * Where `call` keeps files: the ones a model passes by id and the ones tools return. The
   * toolkit's own MemoryFileStore unless one was given; created the first time it is needed.
   */
  readonly files: FileStore;
  /** The same tools with another file store, or other file options (size limit, prompt). */
  withFiles(files: FileStore | FilesOptions): Toolkit<Auth>;
}

export interface ToolkitInit {
  readonly title: string;
  readonly version: string;
  /** The security schemes calls can use (`loadToolkit` gives them; generated code keeps them in client.ts). */
  readonly securitySchemes?: Readonly<Record<string, AuthScheme>>;
  readonly tools: readonly ToolEntry[];
  readonly examples?: readonly ToolExample[];
  /** Where files passed to and returned by `call` are kept, or the file options (files/files-options.ts). */
  readonly files?: FileStore | FilesOptions;
}

/**
 * Binds call options (base address, headers, token, fetch, timeout) to every function, giving a
 * client whose calls all start from them; per-call options still win, headers are merged.
 */
export function bindCallOptions<T extends Record<string, AnyOperation>>(
  functions: T,
  inputless: ReadonlySet<string>,
  bound: CallOptions<object>,
): T {
  const merge = (options?: CallOptions<object>): CallOptions<object> => withBoundOptions(bound, options);
  const client: Record<string, AnyOperation> = {};
  const bind = (fn: (...args: unknown[]) => Promise<unknown>, name: string): AnyOperation =>
    inputless.has(name) ? (options?: CallOptions<object>) => fn(merge(options)) : (input?: unknown, options?: CallOptions<object>) => fn(input, merge(options));
  for (const [name, fn] of Object.entries(functions)) {
    const method: AnyOperation = bind(fn, name);
    if (fn.stream) method.stream = bind(fn.stream, name) as (...args: unknown[]) => Promise<ToolStream<unknown>>;
    // paginate calls with the bound options too (beneath its own).
    if (fn.paged) method.paged = { ...fn.paged, options: fn.paged.options ? withBoundOptions(fn.paged.options, bound) : bound };
    setOwn(client, name, method);
  }
  return client as T;
}
