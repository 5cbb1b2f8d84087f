/**
 * The `OperationSpec` literal each generated function passes to the runtime. Only what the
 * runtime needs, with defaults left out, so the generated file stays small.
 */
import type { OperationModel } from "../model/toolkit-model.js";
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
    };
  });
  const body: BodySpec | undefined = op.body && {
    mediaType: op.body.mediaType,
    encoding: op.body.encoding,
    key: op.body.key,
    required: op.body.required,
    ...(op.body.fields && Object.keys(op.body.fields).length > 0 ? { fields: op.body.fields } : {}),
  };
  return {
    tool: op.toolName,
    method: op.method.toUpperCase(),
    path: op.path,
    params,
    ...(body ? { body } : {}),
    response: op.responseKind,
  };
}

/** The spec as a TypeScript expression (JSON is valid TS; keys are plain identifiers). */
export function operationSpecLiteral(op: OperationModel): string {
  return JSON.stringify(operationSpecOf(op))
    .replace(/"([A-Za-z_$][\w$]*)":/g, "$1:")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
