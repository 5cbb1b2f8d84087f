/**
 * The `<Name>Input` and `<Name>Output` types of one operation, written as indexed accesses into
 * openapi-typescript's `paths` so every schema is typed once, by openapi-typescript, and these
 * aliases only rearrange it into DESIGN.md's flat input object.
 */
import type { OperationModel, ResponseModel } from "../model/toolkit-model.js";
import { typesParameterLocation, typesPlace } from "../model/types-document/openapi-32-shape.js";
import { isSuccessStatus, successHeaders } from "../model/responses.js";
import { code, docCode, docComment, identifier, indexAccess, joinCode, optionalMemberType, propertyKey, stringLiteral, type Code } from "./ts-text.js";

/**
 * The operation's function in the doc text of its types: a code span, not `{@link}`. tsc parses a
 * JSDoc comment only when it holds `@link` or `@see` (TypeScript 5.3 and later, .ts and .d.ts
 * alike), at 25-30 µs a comment: GitHub's 2,900 linked type docs were about 0.08 s of an app's
 * tsc, and the links needed an import of all 1,223 functions to resolve.
 */
export function functionInDoc(op: OperationModel): string {
  return docCode(op.functionName);
}

/** Name of the file-local alias for `paths[path][method]`. */
export function operationAlias(op: OperationModel): Code {
  return code`Op_${identifier(op.typeName)}`;
}

export function operationAliasType(op: OperationModel): Code {
  // 3.2's QUERY and other methods are typed at a path of their own (openapi-32-shape.ts).
  const place = typesPlace(op.path, op.method);
  return code`paths[${stringLiteral(place.path)}][${stringLiteral(place.method)}]`;
}

const BINARY_BODY = code`Blob | ArrayBuffer | ArrayBufferView | string`;

type TypesLocation = ReturnType<typeof typesParameterLocation>;

const LOCATION_SUFFIX: Readonly<Record<TypesLocation, Code>> = { path: code`path`, query: code`query`, header: code`header`, cookie: code`cookie` };

/** openapi-typescript's group of the operation's parameters of one location. */
function parameterGroup(op: OperationModel, location: TypesLocation): Code {
  return code`NonNullable<${operationAlias(op)}["parameters"][${stringLiteral(location)}]>`;
}

/** The file-local alias of one parameter group (`typeName` has no `_` after its first character, so no two clash). */
function parameterGroupAlias(op: OperationModel, location: TypesLocation): Code {
  return code`${operationAlias(op)}_${LOCATION_SUFFIX[location]}`;
}

/**
 * The locations whose parameters the Input reads through an alias of their group: those with two
 * or more. Spelled out, the group is ten of the thirteen tokens of each member's type; the alias
 * costs fourteen, so for a single parameter it would cost more than it saves.
 */
function aliasedLocations(op: OperationModel): Set<TypesLocation> {
  const seen = new Set<TypesLocation>();
  const repeated = new Set<TypesLocation>();
  for (const p of op.parameters) {
    const location = typesParameterLocation(p.in);
    if (seen.has(location)) repeated.add(location);
    seen.add(location);
  }
  return new Set([...seen].filter((location) => repeated.has(location)));
}

/** The declarations of the parameter group aliases the Input refers to. */
export function parameterGroupAliases(op: OperationModel): Code[] {
  if (op.inputless) return [];
  return [...aliasedLocations(op)].map((location) => code`type ${parameterGroupAlias(op, location)} = ${parameterGroup(op, location)};`);
}

/** Type text of the Input, or undefined when the operation takes no input. */
export function inputType(op: OperationModel): Code | undefined {
  if (op.inputless) return undefined;
  const alias = operationAlias(op);
  const aliased = aliasedLocations(op);
  const members: Code[] = [];
  for (const p of op.parameters) {
    const doc = [p.description ?? "", p.deprecated ? "@deprecated" : ""].filter((line) => line.trim() !== "").join("\n");
    const group = typesParameterLocation(p.in);
    const location = aliased.has(group) ? parameterGroupAlias(op, group) : parameterGroup(op, group);
    const optional = p.required ? code`` : code`?`;
    const type = p.required ? indexAccess(location, p.name) : optionalMemberType(p.key, indexAccess(location, p.name));
    members.push(code`${doc ? code`${docComment(doc)}\n` : code``}${propertyKey(p.key)}${optional}: ${type};`);
  }
  const body = op.body;
  let bodyType: Code | undefined;
  if (body) {
    bodyType = body.encoding === "binary" ? BINARY_BODY : indexAccess(code`NonNullable<${alias}["requestBody"]>["content"]`, body.mediaType);
    // Flat, the input is the body's properties and cannot be null (`request` takes an object).
    if (body.key === null && body.nullable) bodyType = code`NonNullable<${bodyType}>`;
    if (body.key !== null) {
      const doc = body.description?.trim() ? code`${docComment(body.description)}\n` : code``;
      members.push(code`${doc}${propertyKey(body.key)}${body.required ? code`: ${bodyType}` : code`?: ${optionalMemberType(body.key, bodyType)}`};`);
      bodyType = undefined;
    }
  }
  const object = members.length > 0 ? code`{\n${joinCode(members, "\n")}\n}` : undefined;
  if (object && bodyType) return code`${object} & ${bodyType}`;
  return object ?? bodyType ?? code`Record<string, never>`;
}

function responseType(op: OperationModel, response: ResponseModel): Code {
  if (response.kind === "none") return code`undefined`;
  if (response.kind === "stream") return code`ToolStream<${identifier(op.typeName)}Item>`;
  if (response.kind === "text") return code`string`;
  if (response.kind === "binary") return code`Blob`;
  if (response.mediaType === undefined) return code`unknown`;
  const responses = indexAccess(code`${operationAlias(op)}["responses"]`, response.status);
  return indexAccess(code`${responses}["content"]`, response.mediaType);
}

/** Type text of the Output: the union of every success answer. */
export function outputType(op: OperationModel): Code {
  if (op.success.length === 0) return code`unknown`;
  const members = [...new Set(op.success.map((r) => responseType(op, r)))];
  return joinCode(members, " | ");
}

/**
 * Type text of one streamed item, when the operation declares a stream: the content entry of its
 * sequential media type, which the types document rewrites into the item's schema
 * (model/types-document/stream-items.ts).
 */
export function itemType(op: OperationModel): Code | undefined {
  const response = op.success.find((r) => r.stream !== undefined);
  if (response?.stream === undefined) return undefined;
  const responses = indexAccess(code`${operationAlias(op)}["responses"]`, response.status);
  return indexAccess(code`${responses}["content"]`, response.stream.mediaType);
}

/**
 * Type text of `<Name>Headers`, what `withResponse()` gives as `headers`, when a success answer
 * declares headers: lower-case keys, each typed by openapi-typescript's member for the header
 * (`paths[…]["responses"][status]["headers"][name]`, which holds its schema's type).
 */
export function headersType(op: OperationModel): Code | undefined {
  const headers = successHeaders(op.success);
  if (headers.length === 0) return undefined;
  const members = headers.map((h) => {
    const declared = indexAccess(code`${indexAccess(code`${operationAlias(op)}["responses"]`, h.status)}["headers"]`, h.name);
    // A list header whose schema openapi-typescript cannot see as one still arrives split.
    const type = h.type.endsWith("[]") ? code`NonNullable<${declared}> & unknown[]` : code`NonNullable<${declared}>`;
    return code`${propertyKey(h.key)}${h.required ? code`` : code`?`}: ${optionalMemberType(h.key, type)};`;
  });
  return code`{\n${joinCode(members, "\n")}\n}`;
}

/** The operation's declared error answers: every non-2xx status (as written) with content or not. */
export function errorResponses(op: OperationModel): ResponseModel[] {
  return op.responses.filter((r) => !isSuccessStatus(r.status) && /^(default|[1-5](\d\d|XX))$/.test(r.status));
}

/** The body type of an error answer, as `ToolCallError.body` holds it. */
function errorBodyType(op: OperationModel, response: ResponseModel): Code {
  if (response.kind === "json" && response.mediaType !== undefined) {
    return indexAccess(code`${indexAccess(code`${operationAlias(op)}["responses"]`, response.status)}["content"]`, response.mediaType);
  }
  return response.kind === "text" ? code`string` : code`unknown`;
}

/** The member of `ToolErrors` for one operation: `{ 409: Body; default: Body }`, or undefined when it declares no error answer. */
export function toolErrorsMember(op: OperationModel): Code | undefined {
  const errors = errorResponses(op);
  if (errors.length === 0) return undefined;
  const key = (r: ResponseModel) => (/^[1-9]\d*$/.test(r.status) ? code`${Number(r.status)}` : stringLiteral(r.status));
  const mediaType = errors[0]!.mediaType;
  // Several JSON bodies of one media type: one mapped type over the statuses instead of the same
  // indexed access spelled out per status. Its members are the same (required, mutable, keyed by
  // the same number and string literals), so the tool's entry is the same type.
  if (errors.length >= 2 && mediaType !== undefined && errors.every((r) => r.kind === "json" && r.mediaType === mediaType)) {
    return code`{ [S in ${joinCode(errors.map(key), " | ")}]: ${indexAccess(code`${operationAlias(op)}["responses"][S]["content"]`, mediaType)} }`;
  }
  const members = errors.map((r) => code`${key(r)}: ${errorBodyType(op, r)}`);
  return code`{ ${joinCode(members, "; ")} }`;
}
