/**
 * `toolkit.ts`: every operation as a tool for a language model (canonical three-segment names,
 * descriptions, method and path) and `createClient`, which binds call options to every function.
 */
import type { ToolkitModel } from "../model/toolkit-model.js";
import { stringLiteral } from "./ts-text.js";

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
