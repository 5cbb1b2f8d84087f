/**
 * Which operations page, and how, read from the description alone (docs/pagination.md). Only a
 * GET or QUERY whose one JSON success answer has identifiable items (the answer is an array, or
 * it has exactly one array property) is considered, and only these conventions, first match
 * wins:
 *
 * - `link`: the 2xx answer declares a `Link` header (GitHub); the `rel="next"` URL is followed.
 * - `url`: the body has `links.pages.next` (DigitalOcean), a URL followed as is.
 * - `token`: the body has a next-page token (`next_page_token`, `nextPageToken`, `next_cursor`,
 *   `nextCursor`, Slack's `response_metadata.next_cursor`) and the request a parameter of the
 *   matching name (`page_token`, `pageToken`, `cursor`).
 * - `after`: the body has `has_more` and the request an id cursor (`starting_after`, `after`):
 *   the next page starts after the last item's `id` (Stripe, OpenAI). Where the request also has
 *   a backward cursor (`ending_before`, `before`) and the caller sets it, pages go backwards from
 *   it instead, each before the first item of the last.
 * - `page` / `offset`: integer query parameters page + per_page/page_size/limit, or offset +
 *   limit; the list ends on a short or empty page.
 *
 * A miss costs a caller a loop of their own; a false positive can make `paginate` loop forever,
 * so anything unclear is left unrecognised (the config file can say it per operation).
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import type { PageSpec } from "../runtime/operation.js";
import { isObject, resolveLocal } from "./local-ref.js";
import type { OperationMethod, OperationModel, ParameterModel, ResponseModel, ToolkitModel } from "./toolkit-model.js";

/** The model's view of an operation's paging: what the runtime gets (OperationSpec.page). */
export type PaginationModel = PageSpec;

/** What the config file may say for one operation (toolgen-config.ts `pagination`). */
export interface PaginationOverride {
  /** The request parameter the next value goes to (token, cursor or page number). */
  readonly param?: string;
  /** Dotted path of the items array in the body; `""` or absent: the answer is the array. */
  readonly items?: string;
  /** Dotted path of the next-page value in the body: a token, or a URL when `kind` is `url`. */
  readonly next?: string;
  readonly kind?: PageSpec["kind"];
  /** `page`/`offset`: the page-size parameter. */
  readonly size?: string;
}

type Schema = Record<string, unknown>;

/** Body token field -> the request parameters it may feed, in order of preference. */
const TOKEN_FIELDS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["next_page_token", ["page_token", "pageToken"]],
  ["nextPageToken", ["pageToken", "page_token"]],
  ["next_cursor", ["cursor", "page_cursor"]],
  ["nextCursor", ["cursor", "pageCursor"]],
  ["response_metadata.next_cursor", ["cursor"]],
  ["next_token", ["next_token", "page_token", "token"]],
  ["nextToken", ["nextToken", "pageToken", "token"]],
  // Stripe's search and OpenAI's usage lists: `next_page` is a string token for `page`.
  ["next_page", ["page"]],
];
const AFTER_PARAMS = ["starting_after", "after"];
const BEFORE_PARAMS = ["ending_before", "before"];
/** Query parameters that only a paged operation has (for `link` on an object answer). */
const PAGING_PARAMS = new Set(["page", "per_page", "page_size", "pageSize", "perPage", "limit", "cursor", "after", "before", "starting_after", "page_token", "pageToken"]);
const PAGE_SIZE_PARAMS = ["per_page", "page_size", "pageSize", "perPage", "limit"];

/**
 * The config file's `pagination` (toolgen-config.ts): per operation (operationId, function name
 * or tool name) how it pages, or `false` for an operation recognised wrongly. An entry that names
 * no operation, or a parameter the operation lacks, is reported and changes nothing.
 */
export function withPaginationOverrides(model: ToolkitModel, overrides: Readonly<Record<string, PaginationOverride | false>>, warn: (message: string) => void): ToolkitModel {
  const used = new Set<string>();
  const operations = model.operations.map((op): OperationModel => {
    const name = [op.operationId, op.functionName, op.toolId, op.toolName].find((n) => n !== undefined && Object.prototype.hasOwnProperty.call(overrides, n));
    if (name === undefined) return op;
    used.add(name);
    const override = overrides[name]!;
    const { pagination: _, ...rest } = op;
    if (override === false) return rest;
    const body = op.success.find((r) => r.kind === "json")?.schema;
    const found = fromOverride(model.document, body !== undefined ? resolveSchema(model.document, body) : undefined, op.parameters, override);
    if (found === undefined) {
      warn(`config pagination of "${name}": says too little, or names a parameter ${op.functionName} does not have; left as recognised`);
      return op;
    }
    return { ...rest, pagination: found };
  });
  for (const name of Object.keys(overrides)) if (!used.has(name)) warn(`config pagination names "${name}", which is no operation`);
  return { ...model, operations };
}

/** `{ pagination }` when the operation pages, for the model's object literal. */
export function paginationOf(...args: Parameters<typeof recognisePagination>): { pagination?: PaginationModel } {
  const pagination = recognisePagination(...args);
  return pagination ? { pagination } : {};
}

export function recognisePagination(
  document: OpenApiDocument,
  method: OperationMethod,
  rawResponses: unknown,
  parameters: readonly ParameterModel[],
  success: readonly ResponseModel[],
  override?: PaginationOverride,
): PaginationModel | undefined {
  if (method !== "get" && method !== "query") return undefined;
  const json = success.filter((r) => r.kind === "json");
  if (json.length !== 1) return undefined;
  const response = json[0]!;
  const body = response.schema !== undefined ? resolveSchema(document, response.schema) : undefined;
  const query = (name: string) => parameters.find((p) => p.in === "query" && p.name === name);
  if (override) return fromOverride(document, body, parameters, override);
  if (!body) return undefined;
  const items = itemsOf(document, body);
  if (items === undefined) return undefined;
  const withItems = items === "" ? {} : { items };

  // An object answer with one array is a page only beside a paging parameter: GitHub declares
  // `Link` on some single-object GETs too (a project field and its `options`, a hosted runner and
  // its `public_ips`).
  if (declaresLinkHeader(document, rawResponses, response.status) && (items === "" || parameters.some((p) => p.in === "query" && PAGING_PARAMS.has(p.name)))) {
    return { kind: "link", ...withItems };
  }

  if (items !== "") {
    const next = propertyAt(document, body, ["links", "pages", "next"]);
    if (next && typeIs(next, "string")) return { kind: "url", items, next: "links.pages.next" };
    for (const [field, names] of TOKEN_FIELDS) {
      const token = propertyAt(document, body, field.split("."));
      if (!token || !typeIs(token, "string")) continue;
      const param = names.map(query).find((p) => p !== undefined && isStringParam(document, p));
      if (param) return { kind: "token", items, next: field, param: param.key };
    }
    const hasMore = propertyAt(document, body, ["has_more"]);
    if (hasMore && typeIs(hasMore, "boolean")) {
      const param = AFTER_PARAMS.map(query).find((p) => p !== undefined && isStringParam(document, p));
      if (param && itemsHaveId(document, body, items)) {
        const before = BEFORE_PARAMS.map(query).find((p) => p !== undefined && isStringParam(document, p));
        return { kind: "after", items, next: "has_more", param: param.key, ...(before ? { before: before.key } : {}) };
      }
    }
  }

  const page = query("page");
  if (page && isIntegerParam(document, page)) {
    const size = PAGE_SIZE_PARAMS.map(query).find((p) => p !== undefined && isIntegerParam(document, p));
    if (size) {
      const first = firstPage(document, page);
      return { kind: "page", ...withItems, param: page.key, size: size.key, ...sizeBounds(document, size), ...(first === 0 ? { first: 0 } : {}) };
    }
  }
  const offset = query("offset");
  const limit = query("limit");
  if (offset && limit && isIntegerParam(document, offset) && isIntegerParam(document, limit)) {
    return { kind: "offset", ...withItems, param: offset.key, size: limit.key, ...sizeBounds(document, limit) };
  }
  return undefined;
}

function fromOverride(document: OpenApiDocument, body: Schema | undefined, parameters: readonly ParameterModel[], o: PaginationOverride): PaginationModel | undefined {
  const byName = (name: string | undefined) => (name === undefined ? undefined : parameters.find((p) => p.key === name || p.name === name));
  const items = o.items ?? (body ? itemsOf(document, body) : undefined) ?? "";
  const withItems = items === "" ? {} : { items };
  const param = byName(o.param);
  const size = byName(o.size);
  if ((o.param !== undefined && !param) || (o.size !== undefined && !size)) return undefined;
  const kind = o.kind ?? (o.next !== undefined ? (param ? "token" : "url") : param && size ? (param.name === "offset" ? "offset" : "page") : "link");
  switch (kind) {
    case "link":
      return { kind, ...withItems };
    case "url":
      return o.next !== undefined ? { kind, ...withItems, next: o.next } : undefined;
    case "token":
    case "after":
      return param && (o.next !== undefined || kind === "after") ? { kind, ...withItems, next: o.next ?? "has_more", param: param.key } : undefined;
    case "page":
    case "offset":
      return param && size ? { kind, ...withItems, param: param.key, size: size.key, ...sizeBounds(document, size) } : undefined;
  }
}

/** `""`: the answer itself is the array; a name: its one array property; undefined: not identifiable. */
function itemsOf(document: OpenApiDocument, body: Schema): string | undefined {
  if (typeIs(body, "array")) return "";
  const arrays = Object.entries(propertiesOf(document, body, false))
    .filter(([name]) => name !== "links" && name !== "meta")
    .filter(([, schema]) => typeIs(schema, "array"));
  return arrays.length === 1 ? arrays[0]![0] : undefined;
}

/** The items declare an `id` (any member of a union may): the next page starts after the last one's. */
function itemsHaveId(document: OpenApiDocument, body: Schema, items: string): boolean {
  const array = propertyAt(document, body, [items]);
  const item = array && isObject(array.items) ? resolveSchema(document, array.items) : undefined;
  return item !== undefined && propertiesOf(document, item, true).id !== undefined;
}

function declaresLinkHeader(document: OpenApiDocument, rawResponses: unknown, status: string): boolean {
  if (!isObject(rawResponses)) return false;
  const response = resolveLocal(document, rawResponses[status], "#").value;
  if (!isObject(response) || !isObject(response.headers)) return false;
  return Object.keys(response.headers).some((name) => name.toLowerCase() === "link");
}

function resolveSchema(document: OpenApiDocument, node: unknown): Schema | undefined {
  const value = resolveLocal(document, node, "#").value;
  return isObject(value) ? value : undefined;
}

/**
 * The properties a schema declares, its `allOf` parts' included; with `alternatives`, also those
 * of its `anyOf`/`oneOf` members (DigitalOcean's `links.pages` is an anyOf of link sets).
 */
function propertiesOf(document: OpenApiDocument, schema: Schema, alternatives: boolean, depth = 0): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  if (depth > 8) return out;
  if (isObject(schema.properties)) {
    for (const [name, value] of Object.entries(schema.properties)) {
      const resolved = resolveSchema(document, value);
      if (resolved) out[name] = resolved;
    }
  }
  const parts = [...(Array.isArray(schema.allOf) ? schema.allOf : []), ...(alternatives ? [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])] : [])];
  for (const part of parts) {
    const resolved = resolveSchema(document, part);
    if (resolved) for (const [name, value] of Object.entries(propertiesOf(document, resolved, alternatives, depth + 1))) out[name] ??= value;
  }
  return out;
}

function propertyAt(document: OpenApiDocument, schema: Schema, path: readonly string[]): Schema | undefined {
  let current: Schema | undefined = schema;
  for (const name of path) {
    if (!current) return undefined;
    current = propertiesOf(document, current, true)[name];
  }
  return current;
}

function typeIs(schema: Schema, type: string): boolean {
  const t = schema.type;
  if (t === type || (Array.isArray(t) && t.includes(type))) return true;
  // A 3.0 schema may leave `type` out and say it with `items` or `properties`.
  if (t === undefined && type === "array" && schema.items !== undefined) return true;
  const parts = [schema.anyOf, schema.oneOf, schema.allOf].find(Array.isArray) as unknown[] | undefined;
  return t === undefined && parts !== undefined && parts.length > 0 && parts.every((p) => isObject(p) && (typeIs(p, type) || typeIs(p, "null")));
}

function paramSchema(document: OpenApiDocument, p: ParameterModel): Schema | undefined {
  return p.schema !== undefined ? resolveSchema(document, p.schema) : undefined;
}

function isIntegerParam(document: OpenApiDocument, p: ParameterModel): boolean {
  const s = paramSchema(document, p);
  return s !== undefined && (typeIs(s, "integer") || typeIs(s, "number"));
}

function isStringParam(document: OpenApiDocument, p: ParameterModel): boolean {
  const s = paramSchema(document, p);
  return s === undefined || typeIs(s, "string");
}

/** 0 when the page parameter's schema says pages count from 0 (default or minimum 0). */
function firstPage(document: OpenApiDocument, p: ParameterModel): number {
  const s = paramSchema(document, p);
  if (s?.default === 0 || (s?.default === undefined && s?.minimum === 0)) return 0;
  return 1;
}

/** The page size the server uses when none is asked for, and the largest it declares it gives. */
function sizeBounds(document: OpenApiDocument, p: ParameterModel): { defaultSize?: number; maxSize?: number } {
  const s = paramSchema(document, p);
  const positive = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;
  return { ...(positive(s?.default) ? { defaultSize: s.default } : {}), ...(positive(s?.maximum) ? { maxSize: s.maximum } : {}) };
}
