/**
 * `toolgen/load-toolkit`: `loadToolkit(source)` builds the toolkit a generated module exports at
 * run time instead, for apps that discover tool servers dynamically. Same `load` and `model` code
 * as the generator and the same descriptors (tool-schema), so a tool looks identical both ways;
 * the functions are untyped, each a `request()` with the operation's spec.
 *
 * It imports none of the generator's dependencies (openapi-typescript, prettier,
 * typescript): only load (fetch + YAML parsing), model and the runtime. It sits above those three
 * rather than in the runtime, because the runtime imports nothing of the generator (generated
 * code copies it whole). Node only: it reads files and hashes with node:crypto.
 */
import { operationSpecOf } from "../model/operation-spec.js";
import { loadDescription } from "../load/load-description.js";
import type { LoadOptions } from "../load/loaded-description.js";
import { buildModel } from "../model/build-model.js";
import { buildToolDescriptors } from "../model/tool-schema/tool-descriptors.js";
import type { CallOptions, ClientConfig } from "../runtime/options.js";
import { request, streamRequest } from "../runtime/request.js";
import { pageCall } from "../runtime/paginate.js";
import type { StreamOptions } from "../runtime/streams/tool-stream.js";
import type { AuthValues } from "../runtime/auth/auth-scheme.js";
import { setOwn } from "../runtime/own-property.js";
import { createToolkit } from "../runtime/create-toolkit.js";
import type { Toolkit, ToolEntry } from "../runtime/toolkit.js";
import type { FileStore } from "../runtime/files/file-store.js";
import type { FilesOptions } from "../runtime/files/files-options.js";

export interface LoadToolkitOptions extends LoadOptions {
  /**
   * Where calls go. Default: the address given as source, or `servers[0].url` for a file.
   * The token, headers, fetch and timeout given for loading are used for calls too.
   */
  readonly baseUrl?: string;
  /** Defaults for every call beyond those (per-call options still win). */
  readonly callOptions?: CallOptions;
  /**
   * Read each security scheme's credential from `TOOLGEN_AUTH_<SCHEME>` (scheme name upper-cased,
   * anything but letters and digits as `_`; basic as `user:password`) when `callOptions.auth`
   * gives none. Off by default: a secret is sent only where the app asked for it.
   */
  readonly authFromEnv?: boolean;
  /** Longest wire name (8..64, default 64): lower it for MCP clients that prefix tool names. */
  readonly wireNameMaxLength?: number;
  /** Where `call` keeps files, or the file options (size limit, prompt); default: in memory. */
  readonly files?: FileStore | FilesOptions;
}

/** The environment variable a scheme's credential is read from: `TOOLGEN_AUTH_<NAME>` (upper case, `_` for anything else). */
function authEnvironmentVariable(scheme: string): string {
  return `TOOLGEN_AUTH_${scheme.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}

export async function loadToolkit(source: string, options: LoadToolkitOptions = {}): Promise<Toolkit> {
  const loaded = await loadDescription(source, options);
  const model = buildModel(loaded);
  const descriptors = buildToolDescriptors(model, options.wireNameMaxLength !== undefined ? { wireNameMaxLength: options.wireNameMaxLength } : {});
  for (const warning of [...model.warnings, ...descriptors.warnings]) options.onWarning?.(warning);

  const env = options.env ?? process.env;
  const auth: Record<string, unknown> = {};
  if (options.authFromEnv) {
    for (const name of Object.keys(model.securitySchemes)) {
      const value = env[authEnvironmentVariable(name)];
      if (value) setOwn(auth, name, value);
    }
  }
  Object.assign(auth, options.callOptions?.auth);
  const token = options.token ?? (loaded.source.kind === "hub" ? env.EB_AGENT_ACCESS_TOKEN : undefined);
  const config: ClientConfig = {
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
    ...(token ? { accessToken: token } : {}),
    ...options.callOptions,
    headers: { ...options.headers, ...options.callOptions?.headers },
    baseUrl: (options.baseUrl ?? options.callOptions?.baseUrl ?? model.serverUrl).replace(/\/+$/, ""),
    version: model.version,
    ...(Object.keys(model.securitySchemes).length > 0 ? { securitySchemes: model.securitySchemes } : {}),
    ...(Object.keys(auth).length > 0 ? { auth: auth as AuthValues } : {}),
  };

  const tools = model.operations.map((op, index): ToolEntry => {
    const spec = operationSpecOf(op);
    const send = op.responseKind === "stream" ? streamRequest : request;
    const run: ToolEntry["run"] = op.inputless
      ? (callOptions?: CallOptions) => send(config, spec, undefined, callOptions)
      : (input?: Record<string, unknown>, callOptions?: CallOptions) => send(config, spec, input, callOptions);
    if (op.stream !== undefined && op.responseKind !== "stream") {
      run.stream = op.inputless
        ? (callOptions?: StreamOptions) => streamRequest(config, spec, undefined, callOptions)
        : (input?: Record<string, unknown>, callOptions?: StreamOptions) => streamRequest(config, spec, input, callOptions);
    }
    if (spec.page) run.paged = pageCall(config, spec);
    return { ...descriptors.tools[index]!, functionName: op.functionName, inputless: op.inputless, run };
  });
  return createToolkit({
    title: model.title,
    version: model.version,
    tools,
    examples: descriptors.examples,
    securitySchemes: model.securitySchemes,
    ...(options.files !== undefined ? { files: options.files } : {}),
  });
}
