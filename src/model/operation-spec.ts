/**
 * The `OperationSpec` literal each generated function passes to the runtime. Only what the
 * runtime needs, with defaults left out, so the generated file stays small.
 */
import { wireMethod } from "./operation-methods.js";
import type { OperationModel } from "./toolkit-model.js";
import { successHeaders } from "./responses.js";
import type { BodySpec, OperationSpec, ParameterSpec } from "../runtime/operation.js";

export function operationSpecOf(op: OperationModel): OperationSpec {
  const params = op.parameters.map((p): ParameterSpec => {
    const defaultStyle = p.in === "path" || p.in === "header" ? "simple" : "form";
    return {
      key: p.key,
      name: p.name,
      in: p.in,
      ...(p.style !== defaultStyle ? { style: p.style } : {}),
      ...(p.explode !== (p.style === "form") ? { explode: p.explode } : {}),
      ...(p.allowReserved ? { allowReserved: true } : {}),
      ...(p.json ? { json: true } : {}),
      // A credential parameter is filled from `auth`, so the input need not carry it.
      ...(p.required && p.in !== "path" && !p.credential ? { required: true } : {}),
      ...(p.shape ? { shape: p.shape } : {}),
    };
  });
  const body: BodySpec | undefined = op.body && {
    mediaType: op.body.mediaType,
    encoding: op.body.encoding,
    key: op.body.key,
    required: op.body.required,
    ...(op.body.fields && Object.keys(op.body.fields).length > 0 ? { fields: op.body.fields } : {}),
  };
  const accept = acceptOf(op);
  const idempotencyKey = op.parameters.find((p) => p.idempotencyKey)?.key;
  const headers = successHeaders(op.success);
  return {
    tool: op.toolName,
    method: wireMethod(op.method),
    path: op.path,
    params,
    ...(body ? { body } : {}),
    response: op.responseKind,
    ...(accept !== DEFAULT_ACCEPT ? { accept } : {}),
    ...(op.security.length > 0 ? { security: op.security } : {}),
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    ...(op.stream
      ? { stream: { format: op.stream.format, mediaType: op.stream.mediaType.split(";")[0]!.trim(), ...(op.stream.format === "event-stream" && op.stream.jsonData ? { json: true } : {}), ...(op.streamFlag ? { flag: op.streamFlag } : {}) } }
      : {}),
    ...(op.pagination ? { page: op.pagination } : {}),
    ...(headers.length > 0 ? { headers: Object.fromEntries(headers.map((h) => [h.key, h.type])) } : {}),
  };
}

const DEFAULT_ACCEPT = "application/json";

/** `type/subtype`, header-safe (RFC 9110 §8.3.1). */
const MEDIA_RANGE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The Accept header: every media type the success answers declare (a server that answers PDF or
 * an event stream refuses `Accept: application/json` with 406). JSON comes first and the others
 * at q=0.9, so a server offering both answers in JSON, which the types describe best. Parameters
 * are dropped: a range without them matches every variant (OData declares dozens of
 * `application/json;odata.metadata=…`), and a type that cannot be written in a header is left
 * out rather than sent broken.
 */
export function acceptOf(op: OperationModel): string {
  const declared = new Set<string>();
  for (const response of op.success) {
    for (const mediaType of response.mediaTypes) {
      const base = mediaType.split(";")[0]!.trim().toLowerCase();
      if (MEDIA_RANGE.test(base)) declared.add(base);
    }
  }
  const types = [...declared];
  const json = types.filter(isJson);
  const other = types.filter((t) => !isJson(t));
  if (types.length === 0) return DEFAULT_ACCEPT;
  if (json.length === 0 || other.length === 0) return types.join(", ");
  return [...json, ...other.map((t) => `${t};q=0.9`)].join(", ");
}

function isJson(base: string): boolean {
  return base === "application/json" || base.endsWith("+json");
}

/** The spec as a TypeScript expression (JSON is valid TS; keys are plain identifiers). */
export function operationSpecLiteral(op: OperationModel): string {
  return JSON.stringify(operationSpecOf(op))
    .replace(/"([A-Za-z_$][\w$]*)":/g, "$1:")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
