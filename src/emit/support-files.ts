/**
 * The small files around `operations.ts`: `client.ts` (the toolkit's settings) and `index.ts`
 * (the public surface of the module).
 */
import type { ToolkitModel } from "../model/toolkit-model.js";
import { code, stringLiteral, type Code } from "./ts-text.js";

/** The description's info.version is empty: the comment says why calls carry none. */
const NO_VERSION = code`\`version\` is empty, as the description's info.version
 * is, so calls send no \`?version=\`.`;

export function emitClientFile(model: ToolkitModel, runtimeImport: string, header: Code, tokenFromEnv: boolean): Code {
  return code`${header}
import type { CallOptions, ClientConfig } from ${stringLiteral(runtimeImport)};

/**
 * Settings every call of this toolkit starts from. \`baseUrl\` defaults to the address toolgen
 * read the description from; ${model.version === "" ? NO_VERSION : code`\`version\` is sent as \`?version=\` on every call.`}
 */
export const client: ClientConfig = {
  baseUrl: ${stringLiteral(model.serverUrl)},
  version: ${stringLiteral(model.version)},${tokenFromEnv ? code`\n  tokenFromEnv: true,` : code``}
};

/** Changes the defaults of every later call (per-call options still win; headers are merged). */
export function configure(options: CallOptions): void {
  Object.assign(client, { ...options, headers: { ...client.headers, ...options.headers } });
}
`;
}

export function emitIndexFile(header: Code, runtimeImport: string): Code {
  return code`${header}
export * from "./operations.js";
export type { components, operations, paths } from "./schema.js";
export { client, configure } from "./client.js";
export { createClient, toolkit, type Client } from "./toolkit.js";
export { KnowledgeBase, KnowledgeBaseError } from "./knowledge-base.js";
export { ToolCallError, isToolCallError, ToolInputError, isToolInputError, type CallOptions } from ${stringLiteral(runtimeImport)};
`;
}
