/**
 * Declared headers of a success answer (OpenAPI 3.0 §4.7.17 Response Object `headers`, §4.7.21
 * Header Object): `fn().withResponse()` types them, keyed in lower case, so they are judged like
 * result properties. Names match case-insensitively (RFC 9110 §5.1); `$ref`s into
 * `components.headers` are followed; a `Content-Type` entry is ignored, as the specification says.
 * A header's schema (or the schema of its one `content` media type) goes through the same schema
 * comparison as a result, in the response direction, with `response-header-*` ids.
 */
import { escapePointerSegment, isObject, resolveLocal } from "../model/local-ref.js";
import type { OperationModel } from "../model/toolkit-model.js";
import type { ChangeLocation } from "./change.js";
import { code } from "./messages.js";
import { nodeAt } from "./node-at.js";
import { emit, emitSchemaChanges, type PairContext } from "./pair-context.js";
import type { OpenApiDocument } from "../load/loaded-description.js";

interface DeclaredHeader {
  /** As written. */
  readonly name: string;
  readonly required: boolean;
  readonly schema?: unknown;
}

/** The declared headers of one response, by lower-case name (the first spelling wins). */
export function declaredHeaders(document: OpenApiDocument, op: OperationModel, status: string): Map<string, DeclaredHeader> {
  const headers = new Map<string, DeclaredHeader>();
  const at = `${op.pointer}/responses/${escapePointerSegment(status)}`;
  const response = resolveLocal(document, nodeAt(document, at), at);
  if (!isObject(response.value) || !isObject(response.value.headers)) return headers;
  for (const [name, entry] of Object.entries(response.value.headers)) {
    const key = name.toLowerCase();
    if (key === "content-type" || headers.has(key)) continue;
    const { value } = resolveLocal(document, entry, `${response.pointer}/headers/${escapePointerSegment(name)}`);
    if (!isObject(value)) continue;
    headers.set(key, { name, required: value.required === true, ...schemaOf(document, value) });
  }
  return headers;
}

/** `schema`, or the schema of the (single) media type in `content`. */
function schemaOf(document: OpenApiDocument, header: Record<string, unknown>): { schema?: unknown } {
  if (header.schema !== undefined) return { schema: header.schema };
  if (!isObject(header.content)) return {};
  const first = Object.values(header.content)[0];
  const media = resolveLocal(document, first, "").value;
  return isObject(media) && media.schema !== undefined ? { schema: media.schema } : {};
}

/** Compares the declared headers of one success answer present on both sides. */
export function compareHeaders(ctx: PairContext, oldStatus: string, newStatus: string): void {
  const before = declaredHeaders(ctx.oldModel.document, ctx.old, oldStatus);
  const after = declaredHeaders(ctx.newModel.document, ctx.new, newStatus);
  const place = (name: string): ChangeLocation => ({ section: "response", status: newStatus, header: name });
  const typed = `${code(`${ctx.new.functionName}().withResponse()`)}'s ${code("headers")}`;
  for (const [key, a] of before) {
    const b = after.get(key);
    if (!b) {
      emit(
        ctx,
        a.required ? "required-response-header-removed" : "optional-response-header-removed",
        { section: "response", status: newStatus, header: a.name },
        `removed the ${a.required ? "required" : "optional"} header ${code(a.name)} from the ${newStatus} response: it leaves ${typed}, so code that reads ${code(`headers["${key}"]`)} stops compiling`,
      );
      continue;
    }
    if (a.required && !b.required) {
      emit(
        ctx,
        "response-header-became-optional",
        place(b.name),
        `the header ${code(b.name)} of the ${newStatus} response became optional: its type in ${typed} gains ${code("undefined")}, so code that uses it as always present stops compiling`,
      );
    } else if (!a.required && b.required) {
      emit(ctx, "response-header-became-required", place(b.name), `the header ${code(b.name)} of the ${newStatus} response became required`);
    }
    if (a.schema !== undefined && b.schema !== undefined) {
      emitSchemaChanges(ctx, { area: "header", status: newStatus, header: b.name }, place(b.name), a.schema, b.schema);
    }
  }
  for (const [key, b] of after) {
    if (before.has(key)) continue;
    emit(
      ctx,
      "response-header-added",
      place(b.name),
      `added the ${b.required ? "required" : "optional"} header ${code(b.name)} to the ${newStatus} response`,
    );
  }
}
