/**
 * The small files around `operations.ts`: `client.ts` (the toolkit's settings), `toolkit.ts`
 * (the tool list and `createClient`), and `index.ts` (the public surface of the module).
 */
import type { ToolkitModel } from "../model/toolkit-model.js";
import { stringLiteral } from "./ts-text.js";

export function emitClientFile(model: ToolkitModel, runtimeImport: string, header: string, tokenFromEnv: boolean): string {
  return `${header}
import type { CallOptions, ClientConfig } from ${stringLiteral(runtimeImport)};

/**
 * Settings every call of this toolkit starts from. \`baseUrl\` defaults to the address toolgen
 * read the description from; \`version\` is sent as \`?version=\` on every call.
 */
export const client: ClientConfig = {
  baseUrl: ${stringLiteral(model.serverUrl)},
  version: ${stringLiteral(model.version)},${tokenFromEnv ? "\n  tokenFromEnv: true," : ""}
};

/** Changes the defaults of every later call (per-call options still win; headers are merged). */
export function configure(options: CallOptions): void {
  Object.assign(client, { ...options, headers: { ...client.headers, ...options.headers } });
}
`;
}

export function emitToolkitFile(model: ToolkitModel, runtimeImport: string, header: string): string {
  const names = model.operations.map((op) => op.functionName);
  const entries = model.operations.map((op) => {
    const description = op.description ?? op.summary ?? `${op.method.toUpperCase()} ${op.path}`;
    return `    { name: ${stringLiteral(op.toolName)}, functionName: ${stringLiteral(op.functionName)}, description: ${stringLiteral(description)}, method: ${stringLiteral(op.method.toUpperCase())}, path: ${stringLiteral(op.path)},${op.deprecated ? " deprecated: true," : ""} inputless: ${op.inputless}, run: ops.${op.functionName} },`;
  });
  const inputless = model.operations.filter((op) => op.inputless).map((op) => stringLiteral(op.functionName));
  return `${header}
import { bindCallOptions, createToolkit, type CallOptions, type Toolkit } from ${stringLiteral(runtimeImport)};
import * as ops from "./operations.js";

/** Every operation as a tool: canonical three-segment names, and \`call(name, args)\` for a model's choice. */
export const toolkit: Toolkit = createToolkit({
  title: ${stringLiteral(model.title)},
  version: ${stringLiteral(model.version)},
  tools: [
${entries.join("\n")}
  ],
});

/** All operations of this toolkit as methods. */
export type Client = {${names.length ? "\n" + names.map((n) => `  ${n}: typeof ops.${n};`).join("\n") + "\n" : ""}};

const functions: Client = {${names.length ? "\n" + names.map((n) => `  ${n}: ops.${n},`).join("\n") + "\n" : ""}};

/** The operations bound to options of their own (another base address, token, headers, fetch). */
export function createClient(options: CallOptions): Client {
  return bindCallOptions(functions, new Set<string>([${inputless.join(", ")}]), options);
}
`;
}

export function emitIndexFile(header: string, runtimeImport: string): string {
  return `${header}
export * from "./operations.js";
export type { components, operations, paths } from "./schema.js";
export { client, configure } from "./client.js";
export { createClient, toolkit, type Client } from "./toolkit.js";
export { ToolCallError, isToolCallError, type CallOptions } from ${stringLiteral(runtimeImport)};
`;
}
