/**
 * Direction-aware judgement of schema changes: the same edit is judged in a request (what the old
 * client sends must still be accepted) and in a response (what arrives must still fit the old
 * client's types). Rule ids follow oasdiff's naming (`request-property-enum-value-removed`,
 * `response-property-became-nullable`, …) so people who know oasdiff recognise them; levels judge
 * the generated TypeScript client and the model's tools (docs/diff-in-ci.md lists them).
 */
import type { Direction, Level } from "./change.js";
import { BOUNDS, boundNarrows, type BoundMove, type SchemaChange, type SchemaChangeKind } from "./schema-change.js";

/**
 * Where a schema sits in an operation. `response` is a success answer's body (the result type),
 * `header` a declared header of a success answer (`fn().withResponse()`'s typed `headers`),
 * `error` the body of a declared error answer (non-2xx or `default`: `e.body` once
 * `isToolCallError(e, tool, status)` narrows it). The last three are read by the client.
 */
export type SchemaArea = "parameter" | "body" | "response" | "header" | "error";

/** Request areas are written by the client, response areas read by it. */
export function directionOf(area: SchemaArea): Direction {
  return area === "parameter" || area === "body" ? "request" : "response";
}

type Pair = readonly [request: Level, response: Level];

/**
 * [request, response] levels. A narrowing in a request can reject what old clients send; a
 * widening in a response can hand old clients values their types do not describe.
 */
const LEVELS: Partial<Record<SchemaChangeKind, Pair>> = {
  "type-changed": ["breaking", "breaking"],
  // request: the server accepts more (oasdiff request-*-type-generalized INFO);
  // response: a value of the new type does not fit the old TS type (oasdiff response-property-type-generalized ERR).
  "type-generalized": ["info", "breaking"],
  "type-specialized": ["breaking", "info"],
  // Formats rarely change the TS type (int32/int64 are both number) but do change what validates.
  "format-changed": ["warning", "warning"],
  "format-added": ["warning", "info"],
  "format-removed": ["info", "warning"],
  // oasdiff request-property-enum-value-added INFO / response-property-enum-value-added WARN:
  // a new response value falls through exhaustive switches over the generated union type.
  "enum-value-added": ["info", "warning"],
  "enum-value-removed": ["breaking", "info"],
  "became-enum": ["breaking", "info"],
  "enum-removed": ["info", "warning"],
  // oasdiff request-property-const-changed ERR / response-property-const-changed ERR: the one
  // allowed value changed, so old requests are rejected and the generated literal type changes.
  "const-changed": ["breaking", "breaking"],
  // oasdiff request-parameter-/request-property-x-extensible-enum-value-removed ERR. In a response
  // an extensible enum promises nothing closed (the generated type is the plain type): info.
  "x-extensible-enum-value-added": ["info", "info"],
  "x-extensible-enum-value-removed": ["breaking", "info"],
  "multiple-of-set": ["warning", "info"],
  "multiple-of-changed": ["warning", "info"],
  "multiple-of-unset": ["info", "warning"],
  "unique-items-set": ["warning", "info"],
  "unique-items-unset": ["info", "warning"],
  // oasdiff request-property-pattern-added ERR, -pattern-changed WARN, response-property-pattern-added INFO.
  "pattern-added": ["breaking", "info"],
  "pattern-changed": ["warning", "info"],
  "pattern-removed": ["info", "info"],
  // oasdiff request-property-became-required ERR / response-property-became-optional ERR.
  "became-required": ["breaking", "info"],
  "became-optional": ["info", "breaking"],
  // oasdiff request-property-became-not-nullable ERR / response-property-became-nullable ERR.
  "became-nullable": ["info", "breaking"],
  "became-not-nullable": ["breaking", "info"],
  // readOnly in a request: the property leaves the generated input type (it is not sent, OAS 3.0
  // §4.7.24, Schema Object readOnly/writeOnly), so object literals that still pass it stop
  // compiling, as for a property removed; the server ignores or rejects what old clients send.
  "became-read-only": ["breaking", "info"],
  // The property joins the input type, optional or required: became-required says which.
  "became-not-read-only": ["info", "info"],
  // writeOnly in a response: the field stops arriving and leaves the generated output type, like
  // an optional property removed.
  "became-write-only": ["info", "warning"],
  // Deliberately info (oasdiff response-required-property-became-not-write-only is WARN): the
  // property joins the generated output type, like a property added to a response.
  "became-not-write-only": ["info", "info"],
  // A changed default changes behaviour for every caller that omits the field. oasdiff rates it ERR
  // for parameters and INFO for body properties; a generated client omits both the same way.
  "default-added": ["info", "info"],
  "default-changed": ["warning", "info"],
  "default-removed": ["warning", "info"],
  // Unions: a branch removed from a request rejects old values; a branch added to a response
  // widens the generated union (oasdiff response-property-one-of-added ERR; anyOf is judged the same
  // here because both become TypeScript unions).
  "one-of-added": ["info", "breaking"],
  "one-of-removed": ["breaking", "info"],
  "any-of-added": ["info", "breaking"],
  "any-of-removed": ["breaking", "info"],
  "additional-properties-disallowed": ["warning", "info"],
  "additional-properties-allowed": ["info", "warning"],
  "became-deprecated": ["info", "info"],
  // oasdiff request-body-wrapped-in-one-of ERR for any wrapping; here only when two branches each
  // accept every old value (so each old value matches two and oneOf rejects it). In a response
  // the new union type still fits what arrives; one-of-added reports the widening.
  "wrapped-in-one-of": ["breaking", "info"],
  "one-of-branches-overlap": ["breaking", "info"],
  // 2020-12 keywords: appearing constrains like a bound set, disappearing frees like a bound unset
  // (oasdiff: ERR/INFO, and ERR for the response removals). unevaluated*/patternProperties are
  // judged like additionalProperties: the generated types let callers send no unknown fields.
  "contains-added": ["breaking", "info"],
  "contains-removed": ["info", "warning"],
  "if-added": ["breaking", "info"],
  "if-removed": ["info", "warning"],
  "then-added": ["breaking", "info"],
  "then-removed": ["info", "warning"],
  "else-added": ["breaking", "info"],
  "else-removed": ["info", "warning"],
  "dependent-required-added": ["breaking", "info"],
  "dependent-required-removed": ["info", "warning"],
  "dependent-schema-added": ["breaking", "info"],
  "dependent-schema-removed": ["info", "warning"],
  "property-names-added": ["breaking", "info"],
  "property-names-removed": ["info", "warning"],
  "pattern-property-added": ["warning", "info"],
  "pattern-property-removed": ["info", "warning"],
  "unevaluated-properties-added": ["warning", "info"],
  "unevaluated-properties-removed": ["info", "warning"],
  "unevaluated-items-added": ["warning", "info"],
  "unevaluated-items-removed": ["info", "warning"],
  "content-schema-added": ["breaking", "info"],
  "content-schema-removed": ["info", "warning"],
  "not-added": ["breaking", "info"],
  "not-removed": ["info", "warning"],
  // A change under `not` changes what is excluded: the `not` schema accepting more (a widening
  // found there) excludes more, which narrows a request. Under `if`, values can move between
  // `then` and `else` either way.
  "not-schema-widened": ["breaking", "info"],
  "not-schema-narrowed": ["info", "warning"],
  "not-schema-changed": ["warning", "warning"],
  "if-schema-changed": ["warning", "warning"],
};

/** Changes that do not change which values validate (annotations). */
const ANNOTATIONS: ReadonlySet<SchemaChangeKind> = new Set<SchemaChangeKind>([
  "default-added",
  "default-changed",
  "default-removed",
  "became-deprecated",
  "became-read-only",
  "became-not-read-only",
  "became-write-only",
  "became-not-write-only",
]);

for (const { name, lower } of Object.values(BOUNDS)) {
  for (const move of ["increased", "decreased", "set", "unset"] as BoundMove[]) {
    const narrows = boundNarrows(lower, move);
    // oasdiff: request-*-max-length-decreased ERR, request-*-max-length-set WARN,
    // response-property-max-length-increased ERR (a warning here: TS types carry no bounds).
    const request: Level = narrows ? (move === "set" ? "warning" : "breaking") : "info";
    const response: Level = narrows ? "info" : "warning";
    LEVELS[`${name}-${move}`] = [request, response];
  }
}

export interface SchemaRule {
  readonly id: string;
  readonly level: Level;
  readonly direction: Direction;
}

/**
 * The rule id and default level of one schema change at one place; `undefined` for a change under
 * `not` or `if` that changes no validation (a default, a description flag).
 */
export function schemaRule(area: SchemaArea, change: SchemaChange): SchemaRule | undefined {
  const direction = directionOf(area);
  const nested = change.path.length > 0;
  const side = direction === "request" ? 0 : 1;
  if (change.polarity !== undefined) {
    const kind = polarizedKind(change);
    return kind && { id: `${prefix(area, nested)}-${kind}`, level: LEVELS[kind]![side], direction };
  }
  return { id: propertyRuleId(area, change) ?? `${prefix(area, nested)}-${change.kind}`, level: levelsOf(change)[side], direction };
}

/** What a change found under `not` or `if` amounts to for the schema above it. */
function polarizedKind(change: SchemaChange): SchemaChangeKind | undefined {
  if (ANNOTATIONS.has(change.kind)) return undefined;
  const [request, response] = validationLevelsOf(change);
  if (request === "info" && response === "info") return undefined;
  if (change.polarity === "either") return "if-schema-changed";
  // A request level of info marks a widening of the `not` schema, a response level of info a narrowing.
  if (request === "info") return "not-schema-widened";
  if (response === "info") return "not-schema-narrowed";
  return "not-schema-changed";
}

/** The levels of a change that lets fewer values through, and of one that lets more through. */
const NARROWS: Pair = ["breaking", "info"];
const WIDENS: Pair = ["info", "warning"];

/**
 * [request, response] levels of a change by which values validate alone, for a change under
 * `not` or `if`, at any depth there. The generated types describe nothing of such a schema, so a
 * property's existence there is only the constraint its schema puts on that name: one added lets
 * fewer values through, one removed more. (levelsOf rates a request property removed breaking
 * because the field leaves the generated input type, which says nothing about what a `not` schema
 * excludes.)
 */
function validationLevelsOf(change: SchemaChange): Pair {
  if (change.kind === "property-added") return NARROWS;
  if (change.kind === "property-removed") return WIDENS;
  return levelsOf(change);
}

/** [request, response] levels of a change as found (property rules keep oasdiff's levels). */
function levelsOf(change: SchemaChange): Pair {
  const req = change.required === true;
  switch (change.kind) {
    case "property-added":
      return [req ? "breaking" : "info", "info"];
    case "property-removed":
      // Request: oasdiff WARN; here breaking, since the field leaves the generated input type and
      // object literals that still pass it stop compiling. Response: oasdiff
      // response-required-property-removed ERR / response-optional-property-removed WARN.
      return ["breaking", req ? "breaking" : "warning"];
    default:
      return LEVELS[change.kind]!;
  }
}

/**
 * Whether the change can reject a value the old schema accepted, judged as a request would be:
 * what covers() in schema-graph.ts asks of every change between two schemas.
 */
export function narrowsRequest(change: SchemaChange): boolean {
  // A readOnly property is not sent: nothing about it can reject a request.
  return change.readOnly !== true && !ANNOTATIONS.has(change.kind) && levelsOf(change)[0] !== "info";
}

function prefix(area: SchemaArea, nested: boolean): string {
  if (area === "parameter") return "request-parameter";
  if (area === "body") return nested ? "request-property" : "request-body";
  if (area === "header") return nested ? "response-header-property" : "response-header";
  if (area === "error") return nested ? "error-response-property" : "error-response-body";
  return nested ? "response-property" : "response-body";
}

/** Property existence and requiredness keep oasdiff's irregular ids. */
function propertyRuleId(area: SchemaArea, change: SchemaChange): string | undefined {
  const req = change.required === true ? "required" : "optional";
  const p = area === "parameter" ? "request-parameter-property" : "request-property";
  // Read places: `response-`, `response-header-`, `error-response-` before the oasdiff-style word.
  const read = area === "response" ? "response" : area === "header" ? "response-header" : area === "error" ? "error-response" : undefined;
  switch (change.kind) {
    case "property-added":
      if (read) return `${read}-${req}-property-added`;
      return area === "parameter" ? `new-${req}-request-parameter-property` : `new-${req}-request-property`;
    case "property-removed":
      return read ? `${read}-${req}-property-removed` : `${p}-removed`;
    case "became-required":
    case "became-optional":
      return read ? `${read}-property-${change.kind}` : `${p}-${change.kind}`;
    default:
      return undefined;
  }
}

/** Every schema rule id with its default level, for the catalogue. */
export function allSchemaRules(): { id: string; level: Level }[] {
  const rules = new Map<string, Level>();
  const propertyKinds: SchemaChangeKind[] = ["property-added", "property-removed", "became-required", "became-optional"];
  const kinds = (Object.keys(LEVELS) as SchemaChangeKind[]).filter((k) => !propertyKinds.includes(k));
  for (const area of ["parameter", "body", "response", "header", "error"] as SchemaArea[]) {
    const changes: SchemaChange[] = [
      ...kinds.flatMap((kind) => [
        { kind, path: [] },
        { kind, path: ["p"] },
      ]),
      // Property existence and requiredness are always about a property (a non-empty path).
      ...propertyKinds.flatMap((kind) => [true, false].map((required) => ({ kind, path: ["p"], required }))),
    ];
    for (const change of changes) {
      const rule = schemaRule(area, change)!;
      rules.set(rule.id, rule.level);
    }
  }
  return [...rules].map(([id, level]) => ({ id, level }));
}
