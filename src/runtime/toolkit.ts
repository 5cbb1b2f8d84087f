/**
 * The `toolkit` a generated module exports: one entry per operation with its canonical tool name,
 * and `call(name, args)` to run the one a language model chose. Built from plain data at import
 * time; nothing is parsed or compiled here.
 */
import type { CallOptions } from "./options.js";

// Generated functions are (input, options) or, with no input, (options). Both are stored as this.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOperation = (...args: any[]) => Promise<unknown>;

export interface ToolEntry {
  /** `<title>/<version>/<operationId>`. */
  readonly name: string;
  /** The generated function's name. */
  readonly functionName: string;
  readonly description: string;
  readonly method: string;
  readonly path: string;
  readonly deprecated?: boolean;
  /** The operation takes no input object (its function's first argument is the options). */
  readonly inputless: boolean;
  readonly run: AnyOperation;
}

export interface Toolkit {
  readonly title: string;
  readonly version: string;
  readonly tools: readonly ToolEntry[];
  /** The entry with this tool name or function name. */
  tool(name: string): ToolEntry | undefined;
  /**
   * Calls the tool `name` with `args`: an object, or the JSON text a model returned. Unknown names
   * throw a `TypeError` listing the known ones.
   */
  call(name: string, args?: unknown, options?: CallOptions): Promise<unknown>;
}

export interface ToolkitInit {
  readonly title: string;
  readonly version: string;
  readonly tools: readonly ToolEntry[];
}

export function createToolkit(init: ToolkitInit): Toolkit {
  const byName = new Map<string, ToolEntry>();
  for (const entry of init.tools) {
    byName.set(entry.name, entry);
    if (!byName.has(entry.functionName)) byName.set(entry.functionName, entry);
  }
  return {
    title: init.title,
    version: init.version,
    tools: init.tools,
    tool: (name) => byName.get(name),
    async call(name, args, options) {
      const entry = byName.get(name);
      if (!entry) {
        const known = init.tools.map((t) => t.name).join(", ");
        throw new TypeError(`unknown tool "${name}"; known tools: ${known}`);
      }
      const input = typeof args === "string" ? parseArguments(entry.name, args) : args;
      return entry.inputless ? entry.run(options) : entry.run(input ?? {}, options);
    },
  };
}

function parseArguments(tool: string, text: string): unknown {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TypeError(`${tool}: the arguments are not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Binds call options (base address, headers, token, fetch, timeout) to every function, giving a
 * client whose calls all start from them; per-call options still win, headers are merged.
 */
export function bindCallOptions<T extends Record<string, AnyOperation>>(
  functions: T,
  inputless: ReadonlySet<string>,
  bound: CallOptions,
): T {
  const merge = (options?: CallOptions): CallOptions => ({
    ...bound,
    ...options,
    headers: { ...bound.headers, ...options?.headers },
  });
  const client: Record<string, AnyOperation> = {};
  for (const [name, fn] of Object.entries(functions)) {
    client[name] = inputless.has(name)
      ? (options?: CallOptions) => fn(merge(options))
      : (input?: unknown, options?: CallOptions) => fn(input, merge(options));
  }
  return client as T;
}
