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
 * `createToolkit(init)`: the toolkit a generated module exports and `loadToolkit` builds, from
 * plain data (toolkit.ts has its shape). Apart from toolkit.ts so that the typed form it returns
 * (typed-toolkit.ts, which extends that shape) and the shape do not import each other.
 */
import type { AuthValues } from "./auth/auth-scheme.js";
import { filesOptionsOf, ModelFiles } from "./files/model-files.js";
import type { Toolkit, ToolEntry, ToolkitInit } from "./toolkit.js";
import type { TypedToolkit, UntypedTools } from "./typed-toolkit.js";
import { checkArguments } from "./validation/arguments.js";
import { ToolInputError } from "./validation/tool-input-error.js";
import { collectItems } from "./streams/collect-items.js";
import type { ToolStream } from "./streams/tool-stream.js";
import { validateValue } from "./validation/validate.js";
import type { JsonSchema } from "./validation/json-schema.js";

/**
 * `Tools`: the generated module's `ToolTypes` (typed-toolkit.ts), inferred from the declared type
 * of its `toolkit` constant; without it every name takes any arguments, as `Toolkit` says.
 */
export function createToolkit<Auth extends object = AuthValues, Tools = UntypedTools>(init: ToolkitInit): TypedToolkit<Auth, Tools> {
  const byName = new Map<string, ToolEntry>();
  // Canonical and wire names first, so a function name can never shadow either.
  for (const entry of init.tools) byName.set(entry.name, entry);
  for (const entry of init.tools) if (!byName.has(entry.wireName)) byName.set(entry.wireName, entry);
  for (const entry of init.tools) if (!byName.has(entry.functionName)) byName.set(entry.functionName, entry);

  const find = (name: string | undefined): ToolEntry => {
    const entry = typeof name === "string" ? byName.get(name) : undefined;
    if (entry) return entry;
    throw unknownTool(String(name), init.tools);
  };
  const check = (name: string | undefined, args?: unknown): Record<string, unknown> => {
    const entry = find(name);
    // find has thrown unless `name` is a string; errors name the tool as the model did.
    const input = checkArguments(name ?? entry.name, entry.parameters, args);
    return entry.fixed ? { ...input, ...entry.fixed } : input;
  };
  const files = new ModelFiles(init.files && filesOptionsOf(init.files));

  const toolkit: Toolkit<Auth> = {
    title: init.title,
    version: init.version,
    tools: init.tools,
    ...(init.securitySchemes ? { securitySchemes: init.securitySchemes } : {}),
    examples: init.examples ?? [],
    tool: (name) => byName.get(name),
    check,
    async call(name, args, options) {
      const entry = find(name);
      const input = await files.arguments(name ?? entry.name, entry, check(name, args));
      const callOptions = files.callOptions(entry.stream === "only" ? withItemCheck(entry, options) : options);
      const result = entry.inputless ? await entry.run(callOptions) : await entry.run(input, callOptions);
      if (entry.stream === "only") return collectItems(result as ToolStream<unknown>, entry, options);
      return withPrompt(await files.answer(entry, result), entry.prompt);
    },
    async stream(name, args, options) {
      const entry = find(name);
      const run = entry.stream === "only" ? entry.run : entry.stream === "also" ? entry.run.stream : undefined;
      if (!run) throw notStreaming(name ?? entry.name, init.tools);
      const input = await files.arguments(name ?? entry.name, entry, check(name, args));
      const streamOptions = withItemCheck(entry, options);
      return (entry.inputless ? await run(streamOptions) : await run(input, streamOptions)) as ToolStream<unknown>;
    },
    get files() {
      return files.store;
    },
    withFiles: (store) => createToolkit<Auth, Tools>({ ...init, files: store }),
  };
  // The typed overloads describe what this one implementation does for each tool's name: the
  // name picks the entry whose generated function (and so whose types) the call runs.
  return toolkit as TypedToolkit<Auth, Tools>;
}

/**
 * The model named a tool that does not exist. The list uses the naming style the model used
 * (wire names when it sent a wire name), so its retry can pick one verbatim.
 */
function unknownTool(name: string, tools: readonly ToolEntry[]): ToolInputError {
  const wire = !name.includes("/") && tools.some((t) => t.wireName !== t.name);
  const known = tools.map((t) => (wire ? t.wireName : t.name));
  const message = `Unknown tool "${name}". Known tools: ${known.join(", ")}.`;
  return new ToolInputError(name, "UNKNOWN_TOOL", [{ path: "$", message: `names no tool; known tools: ${known.join(", ")}` }], message);
}

/**
 * `validate: true`: each streamed item is checked against the tool's item schema before it is
 * handed out (or collected), failing the stream with `INVALID_RESPONSE` at the first mismatch.
 */
function withItemCheck<O extends { validate?: boolean } | undefined>(entry: ToolEntry, options: O): O {
  if (!options?.validate) return options;
  const schema = entry.stream === "only" ? (entry.responses as { items?: JsonSchema } | undefined)?.items : entry.streamItems;
  if (schema === undefined) return options;
  const validateItem = (item: unknown) => {
    const problems = validateValue(schema, item);
    return problems.length === 0 ? undefined : problems.map((p) => `${p.path}: ${p.message}`).join("; ");
  };
  return { ...options, validateItem };
}

/** `toolkit.stream` of a tool whose answer is no stream; the message lists the ones that stream. */
function notStreaming(name: string, tools: readonly ToolEntry[]): ToolInputError {
  const streaming = tools.filter((t) => t.stream !== undefined).map((t) => t.name);
  const known = streaming.length > 0 ? `tools that stream: ${streaming.join(", ")}` : "no tool of this toolkit streams";
  return new ToolInputError(name, "NOT_STREAMING", [{ path: "$", message: `does not answer with a stream; ${known}` }], `Tool "${name}" does not answer with a stream; ${known}.`);
}

/** `x-ebagent-prompt` as the reference applies it, except that a server's own `prompt` wins. */
function withPrompt(result: unknown, prompt: string | undefined): unknown {
  if (prompt === undefined || typeof result !== "object" || result === null || Array.isArray(result)) return result;
  if (Object.hasOwn(result, "prompt")) return result;
  return { ...result, prompt };
}

