/**
 * The `<Name>Input` and `<Name>Output` types of one operation, written as indexed accesses into
 * openapi-typescript's `paths` so every schema is typed once, by openapi-typescript, and these
 * aliases only rearrange it into DESIGN.md's flat input object.
 */
import type { OperationModel, ResponseModel } from "../model/toolkit-model.js";
import { docText, indexAccess, propertyKey, stringLiteral } from "./ts-text.js";

/** Name of the file-local alias for `paths[path][method]`. */
export function operationAlias(op: OperationModel): string {
  return `Op_${op.typeName}`;
}

export function operationAliasType(op: OperationModel): string {
  return `paths[${stringLiteral(op.path)}][${stringLiteral(op.method)}]`;
}

const BINARY_BODY = "Blob | ArrayBuffer | ArrayBufferView | string";

/** Type text of the Input, or undefined when the operation takes no input. */
export function inputType(op: OperationModel): string | undefined {
  if (op.inputless) return undefined;
  const alias = operationAlias(op);
  const members: string[] = [];
  for (const p of op.parameters) {
    const doc = [p.description && docText(p.description), p.deprecated ? "@deprecated" : ""].filter(Boolean).join("\n");
    const location = `NonNullable<${alias}["parameters"][${stringLiteral(p.in)}]>`;
    const optional = p.required ? "" : "?";
    members.push(`${doc ? `/** ${doc.replace(/\n/g, "\n * ")} */\n` : ""}${propertyKey(p.key)}${optional}: ${indexAccess(location, p.name)};`);
  }
  const body = op.body;
  let bodyType: string | undefined;
  if (body) {
    bodyType =
      body.encoding === "binary"
        ? BINARY_BODY
        : indexAccess(`NonNullable<${alias}["requestBody"]>["content"]`, body.mediaType);
    if (body.key !== null) {
      const doc = body.description ? `/** ${docText(body.description).replace(/\n/g, "\n * ")} */\n` : "";
      members.push(`${doc}${propertyKey(body.key)}${body.required ? "" : "?"}: ${bodyType};`);
      bodyType = undefined;
    }
  }
  const object = members.length > 0 ? `{\n${members.join("\n")}\n}` : undefined;
  if (object && bodyType) return `${object} & ${bodyType}`;
  return object ?? bodyType ?? "Record<string, never>";
}

function responseType(op: OperationModel, response: ResponseModel): string {
  if (response.kind === "none") return "undefined";
  if (response.kind === "text") return "string";
  if (response.kind === "binary") return "Blob";
  if (response.mediaType === undefined) return "unknown";
  const responses = indexAccess(`${operationAlias(op)}["responses"]`, response.status);
  return indexAccess(`${responses}["content"]`, response.mediaType);
}

/** Type text of the Output: the union of every success answer. */
export function outputType(op: OperationModel): string {
  if (op.success.length === 0) return "unknown";
  const members = [...new Set(op.success.map((r) => responseType(op, r)))];
  return members.join(" | ");
}
