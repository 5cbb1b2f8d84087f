/**
 * The rule catalogue: every finding id toolgen diff can produce, with its default level. Ids reuse
 * oasdiff's where the meaning is the same (see ../shared/research/diff-anchors.md §10); ids that
 * only make sense for generated clients and tool names (`tool-*`, `client-*`, `*-renamed`,
 * `*-location-changed`, `*-key-changed`) are toolgen's own. A config file or `--level` can change
 * any level or switch a rule off (diff-config.ts).
 */
import type { Level } from "./change.js";
import { allSchemaRules } from "./schema-rules.js";

export interface RuleInfo {
  readonly id: string;
  readonly level: Level;
  /** One line: what the rule detects. */
  readonly summary: string;
}

/** Rules outside the schema comparison. Comments give oasdiff's level where toolgen's differs. */
const OPERATION_RULES: readonly RuleInfo[] = [
  // Tool identity (no peer reports these: the tool name is <title>/<version>/<operationId>).
  { id: "endpoint-added", level: "info", summary: "operation added: a new tool and a new function" },
  { id: "api-removed-without-deprecation", level: "breaking", summary: "operation removed without being deprecated first" },
  // oasdiff INFO: callers were warned; the typed function still disappears, so configurable.
  { id: "api-removed-with-deprecation", level: "info", summary: "deprecated operation removed (after its x-sunset date, if any)" },
  { id: "api-removed-before-sunset", level: "breaking", summary: "deprecated operation removed before its x-sunset date" },
  { id: "endpoint-deprecated", level: "info", summary: "operation deprecated" },
  { id: "endpoint-deprecated-with-sunset", level: "info", summary: "operation deprecated with an x-sunset date" },
  { id: "endpoint-reactivated", level: "info", summary: "operation no longer deprecated" },
  {
    id: "endpoint-moved",
    level: "breaking",
    summary: "same operationId (same tool), different method or path: old clients call an address that is gone",
  },
  // oasdiff api-operation-id-removed INFO: a changed operationId renames the tool and the function.
  { id: "tool-renamed", level: "breaking", summary: "the tool name changed (operationId changed, added, removed or now duplicated)" },
  {
    id: "all-tools-renamed",
    level: "breaking",
    summary: "every tool renamed at once (info.title or info.version changed): one finding listing them",
  },
  {
    id: "client-function-renamed",
    level: "breaking",
    summary: "the generated function's name changed while the tool name did not (a name collision moved)",
  },
  {
    id: "tool-operation-id-duplicated",
    level: "warning",
    summary: "an operationId is now used by more than one operation: tool names depend on document order",
  },
  { id: "tool-operation-id-missing", level: "info", summary: "a new operation has no operationId: its tool name derives from the path" },
  // Parameters.
  { id: "new-required-request-parameter", level: "breaking", summary: "required parameter added" },
  { id: "new-optional-request-parameter", level: "info", summary: "optional parameter added" },
  { id: "new-request-path-parameter", level: "breaking", summary: "path parameter added" },
  // oasdiff WARN: the argument leaves the typed input, so callers that pass it stop compiling.
  { id: "request-parameter-removed", level: "breaking", summary: "parameter removed" },
  { id: "request-parameter-removed-with-deprecation", level: "info", summary: "deprecated parameter removed" },
  { id: "request-parameter-removed-before-sunset", level: "breaking", summary: "deprecated parameter removed before its x-sunset date" },
  { id: "request-parameter-became-required", level: "breaking", summary: "parameter became required" },
  { id: "request-parameter-became-optional", level: "info", summary: "parameter became optional" },
  { id: "request-parameter-deprecated", level: "info", summary: "parameter deprecated" },
  // oasdiff: remove + add (WARN + INFO). The input key stays, the value goes to the wrong place.
  { id: "request-parameter-location-changed", level: "breaking", summary: "parameter moved between path, query, header and cookie" },
  // oasdiff: no finding (names are ignored when matching). The generated input key is the name.
  {
    id: "request-path-parameter-renamed",
    level: "breaking",
    summary: "path parameter renamed: the input field of the typed function is renamed",
  },
  {
    id: "request-parameter-key-changed",
    level: "breaking",
    summary: "the parameter's key in the input object changed (a name collision moved)",
  },
  {
    id: "request-parameter-serialization-changed",
    level: "warning",
    summary: "style, explode, allowReserved or content encoding changed: old clients serialise differently",
  },
  // Request body.
  { id: "request-body-added-required", level: "breaking", summary: "required request body added" },
  { id: "request-body-added-optional", level: "info", summary: "optional request body added" },
  { id: "request-body-removed", level: "breaking", summary: "request body removed" },
  { id: "request-body-became-required", level: "breaking", summary: "request body became required" },
  { id: "request-body-became-optional", level: "info", summary: "request body became optional" },
  { id: "request-body-media-type-added", level: "info", summary: "request media type added" },
  { id: "request-body-media-type-removed", level: "breaking", summary: "request media type removed" },
  { id: "request-body-key-changed", level: "breaking", summary: "the body moved between the top level of the input and a `body` field" },
  // Responses.
  { id: "response-success-status-added", level: "info", summary: "2xx response added" },
  { id: "response-success-status-removed", level: "breaking", summary: "2xx response removed" },
  { id: "response-non-success-status-added", level: "info", summary: "non-2xx response added" },
  // oasdiff INFO: the error answer is typed now, and isToolCallError(e, tool, status) on a status
  // no longer declared (and not covered by `default`) stops compiling.
  {
    id: "response-non-success-status-removed",
    level: "breaking",
    summary: "error response (non-2xx or default) removed: code that narrows on its status stops compiling",
  },
  {
    id: "response-non-success-status-into-default",
    level: "info",
    summary: "error response removed while `default` is declared: its status now narrows to the default body (compared as error-response-*)",
  },
  // Declared headers of a success answer (compare-headers.ts): typed by `.withResponse()`.
  { id: "required-response-header-removed", level: "breaking", summary: "required header of a success response removed" },
  // Judged as an optional result property removed (response-optional-property-removed) and as
  // oasdiff does: a warning. Code reading it already handles its absence; where it reads the key
  // by name, the compile error shows the place.
  {
    id: "optional-response-header-removed",
    level: "warning",
    summary: "optional header of a success response removed: it leaves the typed headers of .withResponse()",
  },
  {
    id: "response-header-became-optional",
    level: "breaking",
    summary: "declared header of a success response became optional: its type gains undefined",
  },
  { id: "response-header-added", level: "info", summary: "header declared on a success response" },
  { id: "response-header-became-required", level: "info", summary: "declared header of a success response became required" },
  { id: "response-media-type-added", level: "info", summary: "response media type added" },
  { id: "response-media-type-removed", level: "breaking", summary: "response media type removed" },
  // A media type replaced by one the runtime reads the same way (both JSON, or only parameters
  // differ): the same result type. oasdiff rates -generalized ERR (problem+json -> json).
  {
    id: "response-media-type-name-specialized",
    level: "info",
    summary: "response media type refined, e.g. application/json -> application/problem+json: read the same way",
  },
  {
    id: "response-media-type-name-generalized",
    level: "info",
    summary: "response media type made general, e.g. application/problem+json -> application/json: read the same way",
  },
  {
    id: "response-media-type-name-changed",
    level: "info",
    summary: "response media type parameters changed, or one JSON type replaced by another: read the same way",
  },
  // Streams (compare-stream.ts; no peer has these). The function returns a stream exactly when
  // the operation's responseKind is "stream"; otherwise a declared stream is `fn.stream()`.
  {
    id: "response-became-stream",
    level: "breaking",
    summary: "the answer is now only a stream: the generated function returns items one by one instead of the answer",
  },
  {
    id: "response-became-not-stream",
    level: "breaking",
    summary: "the answer is no longer only a stream: the generated function returns one answer instead of items",
  },
  { id: "response-stream-added", level: "info", summary: "a stream declared beside the answer: the function keeps its result, fn.stream() appears" },
  { id: "response-stream-removed", level: "breaking", summary: "the stream beside the answer removed: fn.stream() goes away" },
  // JSON lines <-> JSON text sequences: the runtime reads either by the Content-Type that arrives
  // into the same items; old clients still ask for the old media type (Accept).
  {
    id: "response-stream-format-changed",
    level: "warning",
    summary: "the stream switched between JSON lines and JSON text sequences: same items, old clients ask for the old media type",
  },
  // An event stream's items are `{data, event?, id?, retry?}` envelopes (runtime ServerSentEvent),
  // a JSON-lines stream's items the values themselves: every item changes shape.
  {
    id: "response-stream-events-became-lines",
    level: "breaking",
    summary: "an event stream is now JSON lines or a JSON sequence: items are the values, no longer `{data, event, id}` envelopes",
  },
  {
    id: "response-stream-lines-became-events",
    level: "breaking",
    summary: "JSON lines or a JSON sequence is now an event stream: items are `{data, event, id}` envelopes around the values",
  },
  { id: "response-stream-data-became-text", level: "breaking", summary: "an event's data was JSON and is now plain text" },
  { id: "response-stream-data-became-json", level: "breaking", summary: "an event's data was plain text and is now JSON" },
  // Judged like an enum value of a result: a new kind falls through exhaustive switches.
  { id: "response-stream-event-added", level: "warning", summary: "an event kind (an `event` const of the item schema) added to a stream" },
  { id: "response-stream-event-removed", level: "info", summary: "an event kind removed from a stream" },
  // Security. oasdiff rates all of these INFO; a client that sends no (or too few) credentials fails at run time.
  { id: "api-security-added", level: "breaking", summary: "a security requirement the old credentials do not meet" },
  { id: "api-security-alternative-added", level: "info", summary: "an alternative security requirement added (the old ones still work)" },
  { id: "api-security-removed", level: "info", summary: "security requirement removed (the credentials clients send still work)" },
  {
    id: "api-security-alternative-removed",
    level: "warning",
    summary: "an alternative security requirement removed: clients relying on it fail",
  },
  { id: "api-security-scope-added", level: "warning", summary: "OAuth scope added to a requirement: old tokens may lack it" },
  { id: "api-security-scope-removed", level: "info", summary: "OAuth scope removed from a requirement" },
];

let catalogue: ReadonlyMap<string, RuleInfo> | undefined;

/** Every rule, operation rules first, then the schema rules. */
export function rules(): ReadonlyMap<string, RuleInfo> {
  if (catalogue) return catalogue;
  const map = new Map<string, RuleInfo>();
  for (const rule of OPERATION_RULES) map.set(rule.id, rule);
  for (const { id, level } of allSchemaRules()) {
    if (!map.has(id)) map.set(id, { id, level, summary: schemaSummary(id) });
  }
  catalogue = map;
  return map;
}

export function defaultLevel(id: string): Level {
  const rule = rules().get(id);
  if (!rule) throw new Error(`unknown diff rule "${id}"`);
  return rule.level;
}

function schemaSummary(id: string): string {
  return id.replaceAll("-", " ");
}
