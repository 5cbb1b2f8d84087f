/**
 * `toolkit.call` and `toolkit.check` typed by tool name. A generated module writes, per name the
 * runtime resolves (canonical, wire and function name), the tool's argument and result types
 * into its `ToolTypes` interface; with a literal name, `call` takes that tool's own input (or the
 * JSON text a model wrote) and resolves to its output, and a misspelt literal does not compile.
 * A name known only at run time (`string`: a model's tool call) takes any arguments and resolves
 * to `unknown`, as before.
 *
 * Why an interface looked up by key and not a type computed from the operations: the lookup
 * resolves one member, for the names an app actually writes, and the interface lives in a
 * declaration file that `skipLibCheck` skips, so a 1,223-operation client costs its app's `tsc`
 * nothing it does not call (BENCHMARKS.md, "Type-checking apps").
 */
import type { CallOptions } from "./options.js";
import type { FileStore } from "./files/file-store.js";
import type { FilesOptions } from "./files/files-options.js";
import type { Toolkit } from "./toolkit.js";
import type { CollectLimits } from "./streams/collect-items.js";
import type { StreamOptions, ToolStream } from "./streams/tool-stream.js";

/**
 * The shape of one `ToolTypes` member: `args`, what `call` takes (`undefined` among them when the
 * arguments may be left out), and `result`, what it resolves to.
 */
export interface ToolType {
  readonly args: unknown;
  readonly result: unknown;
}

/** A toolkit whose names are not known to the compiler (loadToolkit): any name, any arguments. */
export type UntypedTools = Readonly<Record<string, ToolType>>;

// Read by `infer` rather than by constraining `Tools`: a constraint would make tsc relate every
// member of a several-thousand-member ToolTypes to it where the toolkit is declared; `infer` looks
// at the one member a call picks.
type ArgsOf<T> = T extends { readonly args: infer A } ? A : unknown;
type ResultOf<T> = T extends { readonly result: infer R } ? R : unknown;
type ItemOf<T> = T extends { readonly item: infer I } ? I : never;

/**
 * The arguments after a typed name: the tool's own, or JSON text (a model's arguments for a name
 * the app knows), which only the runtime can check. Optional when they may be `undefined`.
 */
export type ToolArgsRest<T> = undefined extends ArgsOf<T> ? [args?: ArgsOf<T> | string | undefined] : [args: ArgsOf<T> | string];

/** What follows a typed name in `call`: the arguments, then the call options. */
export type ToolCallRest<T, Auth extends object> = [...ToolArgsRest<T>, options?: (CallOptions<Auth> & CollectLimits) | undefined];

/**
 * What follows a typed name in `stream`: as in `call` for a tool that streams; for one that does
 * not, an argument no value satisfies, so the call does not compile.
 */
export type ToolStreamRest<T, Auth extends object> = T extends { readonly item: unknown }
  ? [...ToolArgsRest<T>, options?: StreamOptions<Auth> | undefined]
  : [notStreaming: never, ...rest: unknown[]];

/**
 * A name only known at run time: `string` (or `string | undefined`, as Gemini's SDK types a
 * model's call) passes, a literal gives `never`. So a literal that is no tool's name fails to
 * compile instead of falling through to the untyped overload.
 */
export type RuntimeName<N extends string | undefined> = string extends N ? N : never;

/** `Toolkit` with `call` and `check` typed by tool name (see the file comment). */
export interface TypedToolkit<Auth extends object, Tools = UntypedTools> extends Toolkit<Auth> {
  // The run-time name's overload comes first: tried second, a `string` name would first be
  // inferred as every key of `Tools`, and relating the arguments to that resolves every tool's
  // input (about 23,000 instantiations on GitHub's description). A literal fails it at once.
  /**
   * Calls tool `name` with `args`. With a name known only at run time (a model's tool call), any
   * arguments (an object or JSON text) and an `unknown` result; with a literal name (canonical,
   * wire or function name), the tool's input or JSON text, and its output. Invalid arguments and
   * unknown names throw ToolInputError before any request; HTTP failures throw ToolCallError.
   */
  call<N extends string | undefined>(name: RuntimeName<N>, args?: unknown, options?: CallOptions<Auth>): Promise<unknown>;
  call<N extends keyof Tools & string>(name: N, ...rest: ToolCallRest<Tools[N], Auth>): Promise<ResultOf<Tools[N]>>;
  /**
   * Reads a streaming tool's items as they arrive. With a literal name, only a tool that streams
   * compiles, and each item has its type; with a name known only at run time, items are `unknown`.
   */
  stream<N extends string | undefined>(name: RuntimeName<N>, args?: unknown, options?: StreamOptions<Auth>): Promise<ToolStream<unknown>>;
  stream<N extends keyof Tools & string>(name: N, ...rest: ToolStreamRest<Tools[N], Auth>): Promise<ToolStream<ItemOf<Tools[N]>>>;
  /** Validates arguments for tool `name` without calling it; typed by name like `call`. */
  check<N extends string | undefined>(name: RuntimeName<N>, args?: unknown): Record<string, unknown>;
  check<N extends keyof Tools & string>(name: N, ...rest: ToolArgsRest<Tools[N]>): Record<string, unknown>;
  /** The same tools, typed the same, with another file store or other file options. */
  withFiles(files: FileStore | FilesOptions): TypedToolkit<Auth, Tools>;
}
