/**
 * The small files around `operations.ts`: `client.ts` (the toolkit's settings) and `index.ts`
 * (the public surface of the module).
 */
import type { ToolkitModel } from "../model/toolkit-model.js";
import type { AuthScheme } from "../runtime/auth/auth-scheme.js";
import { code, docCode, docComment, joinCode, literal, optionalMemberType, propertyKey, stringLiteral, type Code } from "./ts-text.js";

/** The description's info.version is empty: the comment says why calls carry none. */
const NO_VERSION = code`\`version\` is empty, as the description's info.version
 * is, so calls send no \`?version=\`.`;

export function emitClientFile(model: ToolkitModel, runtimeImport: string, header: Code, tokenFromEnv: boolean): Code {
  const schemes = Object.entries(model.securitySchemes);
  const runtimeTypes = schemes.length === 0 ? code`CallOptions, ClientConfig` : code`BasicCredentials, CallOptions, ClientConfig, Credential`;
  return code`${header}
import type { ${runtimeTypes} } from ${stringLiteral(runtimeImport)};

${credentialsType(schemes)}

/**
 * Settings every call of this toolkit starts from. \`baseUrl\` defaults to the address toolgen
 * read the description from; ${model.version === "" ? NO_VERSION : code`\`version\` is sent as \`?version=\` on every call.`}
 */
export const client: ClientConfig<Credentials> = {
  baseUrl: ${stringLiteral(model.serverUrl)},
  version: ${stringLiteral(model.version)},${tokenFromEnv ? code`\n  tokenFromEnv: true,` : code``}${schemes.length > 0 ? code`\n  securitySchemes: ${literal(model.securitySchemes)},` : code``}
};

/** Changes the defaults of every later call (per-call options still win; headers and auth are merged). */
export function configure(options: CallOptions<Credentials>): void {
  Object.assign(client, { ...options, headers: { ...client.headers, ...options.headers }, auth: { ...client.auth, ...options.auth } });
}
`;
}

/**
 * \`Credentials\`: one optional member per security scheme, named as the description names it,
 * typed by how the scheme sends it, so a wrong name or shape fails to compile.
 */
function credentialsType(schemes: readonly [string, AuthScheme][]): Code {
  if (schemes.length === 0) {
    return code`/** Credentials by security scheme: the description declares none. */
export type Credentials = { [scheme: string]: never };`;
  }
  const members = schemes.map(([name, scheme]) => {
    const basic = scheme.type === "http" && scheme.scheme.toLowerCase() === "basic";
    const type = basic ? code`Credential<BasicCredentials>` : code`Credential<string>`;
    return code`  ${docComment(schemeDoc(name, scheme))}\n  ${propertyKey(name)}?: ${optionalMemberType(name, type)};`;
  });
  return code`/**
 * Credentials by security scheme (\`components.securitySchemes\`), for \`configure({ auth })\` or a
 * call's \`options.auth\`. Each operation sends those its \`security\` asks for. A value may be a
 * function (sync or async) called per call, to refresh a token.
 */
export type Credentials = {
${joinCode(members, "\n")}
};`;
}

function schemeDoc(name: string, scheme: AuthScheme): string {
  const what =
    scheme.type === "apiKey"
      ? `an API key, sent in the ${scheme.in} ${docCode(scheme.name)}`
      : scheme.type === "http"
        ? scheme.scheme.toLowerCase() === "basic"
          ? "user name and password, sent as HTTP Basic authentication"
          : scheme.scheme.toLowerCase() === "bearer"
            ? "a token, sent as `Authorization: Bearer …`"
            : `the credential of the HTTP ${docCode(scheme.scheme)} scheme, sent as ${docCode(`Authorization: ${scheme.scheme} …`)}`
        : `the ${scheme.type} access token, sent as \`Authorization: Bearer …\``;
  return `Security scheme ${docCode(name)}: ${what}.`;
}

/** `isToolCallError` comes from operations.ts, typed by the module's own `ToolErrors`. */
export function emitIndexFile(header: Code, runtimeImport: string): Code {
  return code`${header}
export * from "./operations.js";
export type { components, operations, paths } from "./schema.js";
export { client, configure, type Credentials } from "./client.js";
export { createClient, toolkit, type Client } from "./toolkit.js";
export { KnowledgeBase, KnowledgeBaseError } from "./knowledge-base.js";
export { ToolCallError, ToolInputError, isToolInputError, type CallOptions, type CallPromise, type CallResult } from ${stringLiteral(runtimeImport)};
export { paginate } from ${stringLiteral(runtimeImport)};
export { toOpenAITools, toAnthropicTools, toGeminiTools, toErnieFunctions, toAiSdkTools, toolResultText, toolErrorText } from ${stringLiteral(runtimeImport)};
`;
}
