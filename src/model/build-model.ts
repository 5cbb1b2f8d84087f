/**
 * load -> model: reads the bundled document once and assigns every name (DESIGN.md data flow).
 * Operations are taken in document order (paths in order, methods in the OpenAPI order), which is
 * what makes every collision resolution deterministic.
 */
import type { LoadedDescription } from "../load/loaded-description.js";
import { BadInputError } from "../load/bad-input-error.js";
import { camelIdentifier, pascalIdentifier } from "./identifier.js";
import { readInfoFields } from "./info-fields.js";
import { SecurityReader } from "./security.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";
import { NameRegistry } from "./name-registry.js";
import { markIdempotencyKey, readParameters, type RawParameter } from "./parameters.js";
import { finishBody, readRequestBody } from "./request-body.js";
import { readResponses, responseKindOfAll, successResponses, successStream } from "./responses.js";
import { defaultServerUrl } from "./server-url.js";
import { streamRequestFlag } from "./stream-request-flag.js";
import { assignToolIds } from "./tool-names.js";
import { pathItemOperations, wireMethod } from "./operation-methods.js";
import { paginationOf } from "./pagination.js";
import type { OperationMethod, OperationModel, ParameterModel, ToolkitModel } from "./toolkit-model.js";

/** Names the generated module exports itself; operations never get them. */
export const RESERVED_EXPORTS = [
  "toolkit",
  "client",
  "configure",
  "createClient",
  "request",
  "ToolCallError",
  "isToolCallError",
  "ToolInputError",
  "CallOptions",
  "ClientConfig",
  "Credentials",
  "KnowledgeBase",
  "KnowledgeBaseError",
  // The model adapters, re-exported so an app on the inlined runtime needs no toolgen import.
  "toOpenAITools",
  "toAnthropicTools",
  "toGeminiTools",
  "toErnieFunctions",
  "toAiSdkTools",
  "toolResultText",
  "toolErrorText",
  "paths",
  "components",
  "operations",
  "webhooks",
  "$defs",
  "operationSpecs",
  // Names operations.ts declares or imports for its typed error guard and calls.
  "callOperation",
  "isDeclaredError",
  "toolErrorStatuses",
  "paginate",
  "pageCall",
];

interface FoundOperation {
  readonly path: string;
  readonly method: OperationMethod;
  readonly operation: Record<string, unknown>;
  readonly pathItem: Record<string, unknown>;
  readonly pathItemPointer: string;
  readonly pointer: string;
}

export function buildModel(loaded: LoadedDescription): ToolkitModel {
  const { document, source } = loaded;
  const warnings: string[] = [];
  const info = document.info;
  if (!isObject(info)) throw new BadInputError("the description has no info object", "#/info");
  const { title, version, titleIsFallback } = readInfoFields(info, source, (w) => warnings.push(w));

  const found = findOperations(loaded, (w) => warnings.push(w));
  const toolIds = assignToolIds(
    found.map((f) => {
      const operationId = operationIdOf(f);
      return { ...(operationId !== undefined ? { operationId } : {}), method: f.method, path: f.path };
    }),
    (w) => warnings.push(w),
  );
  const functionNames = new NameRegistry(RESERVED_EXPORTS);
  const securityReader = new SecurityReader(document, (w) => warnings.push(w));

  const operations = found.map((f, index): OperationModel => {
    const operationId = operationIdOf(f);
    const functionName = functionNames.claim(
      (operationId !== undefined ? camelIdentifier(operationId) : undefined) ?? fallbackFunctionName(f.method, f.path),
    );
    // A path item's (or a shared) parameter left out is reported once, not once per operation.
    const rawParams = readParameters(document, f.pathItem.parameters, f.operation.parameters, f.pathItemPointer, f.pointer, (w) => {
      if (!warnings.includes(w)) warnings.push(w);
    });
    const security = securityReader.operation(f.operation.security, `${wireMethod(f.method)} ${f.path}`);
    const parameters = markIdempotencyKey(securityReader.markCredentials(assignParameterKeys(rawParams), security));
    const keys = new Set(parameters.map((p) => p.key));
    const rawBody = readRequestBody(document, f.operation.requestBody, `${f.pointer}/requestBody`, f.method, (w) => warnings.push(w));
    const body = rawBody ? finishBody(rawBody, keys, keys.has("body") ? "requestBody" : "body") : undefined;
    const responses = readResponses(document, f.operation.responses, `${f.pointer}/responses`);
    const success = successResponses(responses);
    const stream = successStream(success);
    const requiredInput =
      parameters.some((p) => p.required) ||
      (body !== undefined && body.required && (body.key !== null || (rawBody?.requiredProperties.length ?? 0) > 0));
    return {
      toolName: `${title}/${version}/${toolIds[index]!}`,
      toolId: toolIds[index]!,
      ...(operationId !== undefined ? { operationId } : {}),
      functionName,
      typeName: pascalIdentifier(functionName) ?? functionName,
      method: f.method,
      path: f.path,
      pointer: f.pointer,
      ...(typeof f.operation.summary === "string" ? { summary: f.operation.summary } : {}),
      ...(typeof f.operation.description === "string" ? { description: f.operation.description } : {}),
      deprecated: f.operation.deprecated === true,
      tags: Array.isArray(f.operation.tags) ? f.operation.tags.map(String) : [],
      parameters,
      ...(body ? { body } : {}),
      responses,
      success,
      responseKind: responseKindOfAll(success),
      ...(stream ? { stream } : {}),
      ...(stream && responseKindOfAll(success) !== "stream" && streamRequestFlag(document, body) ? { streamFlag: streamRequestFlag(document, body)! } : {}),
      security,
      ...paginationOf(document, f.method, f.operation.responses, parameters, success),
      inputless: parameters.length === 0 && body === undefined,
      inputOptional: !requiredInput,
    };
  });

  securityReader.finish();
  const serverUrl = defaultServerUrl(document, source);
  if (serverUrl === "") warnings.push("the description has no servers[0].url: pass baseUrl when calling");
  return {
    source,
    openapiVersion: loaded.openapiVersion,
    title,
    ...(titleIsFallback ? { titleIsFallback } : {}),
    version,
    ...(typeof info.description === "string" ? { description: info.description } : {}),
    serverUrl,
    operations,
    securitySchemes: securityReader.schemes,
    document,
    ...(loaded.examples !== undefined ? { examples: loaded.examples } : {}),
    ...(loaded.places !== undefined ? { places: loaded.places } : {}),
    sha256: loaded.sha256,
    warnings,
  };
}

function operationIdOf(found: FoundOperation): string | undefined {
  const id = found.operation.operationId;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/** Paths in order; in each, the fixed methods, then 3.2's `query`, then its `additionalOperations` (operation-methods.ts). */
function findOperations(loaded: LoadedDescription, warn: (message: string) => void): FoundOperation[] {
  const { document } = loaded;
  const paths = document.paths;
  if (paths === undefined) return [];
  if (!isObject(paths)) throw new BadInputError("paths must be an object", "#/paths");
  const found: FoundOperation[] = [];
  for (const [path, entry] of Object.entries(paths)) {
    if (path.startsWith("x-")) continue;
    // The reference skips its own description path; a tool server must not describe it as a tool.
    if (path.includes(".well-known/openapi.yaml")) continue;
    const at = `#/paths/${escapePointerSegment(path)}`;
    const { value: pathItem, pointer: pathItemPointer } = resolveLocal(document, entry, at);
    if (!isObject(pathItem)) throw new BadInputError("a path item must be an object", at);
    const skip = (method: string, reason: string) =>
      warn(`${pathItemPointer}/additionalOperations/${escapePointerSegment(method)}: left out, ${reason}`);
    for (const { method, place, operation } of pathItemOperations(pathItem, skip)) {
      const pointer = `${pathItemPointer}/${place.map(escapePointerSegment).join("/")}`;
      if (!isObject(operation)) throw new BadInputError(`${method} must be an operation object`, pointer);
      found.push({ path, method, operation, pathItem, pathItemPointer, pointer });
    }
  }
  return found;
}

/** `GET /users/{id}/posts` -> `getUsersByIdPosts`; `QUERY /items` -> `queryItems`, `COPY /items` -> `copyItems`. */
export function fallbackFunctionName(method: OperationMethod, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, "by $1"));
  // A method of symbols alone (`additionalOperations` allows any token, `!`) gives no word.
  return camelIdentifier([method, ...words].join(" ")) ?? "operation";
}

/**
 * Input keys: the wire name, unless two parameters in different locations share it; then the
 * later location's gets `_<in>` (path, query, querystring, header, cookie order), e.g. `id` and
 * `id_query`.
 */
function assignParameterKeys(raw: readonly RawParameter[]): ParameterModel[] {
  const taken = new Set<string>();
  const order = ["path", "query", "querystring", "header", "cookie"];
  const sorted = [...raw].sort((a, b) => order.indexOf(a.in) - order.indexOf(b.in));
  const keys = new Map<RawParameter, string>();
  for (const p of sorted) {
    let key = p.name;
    if (taken.has(key)) key = `${p.name}_${p.in}`;
    for (let n = 2; taken.has(key); n++) key = `${p.name}_${p.in}${n}`;
    taken.add(key);
    keys.set(p, key);
  }
  return raw.map((p) => ({ ...p, key: keys.get(p)! }));
}
