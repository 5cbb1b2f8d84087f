/**
 * `$ref`s into the middle of a schema (`#/components/schemas/X/allOf/0`, `…/properties/y/items`,
 * `#/components/parameters/P/schema`, `#/paths/…/content/application~1json/schema/properties/p`)
 * are valid JSON References (OpenAPI 3.0 §4.7.23), but openapi-typescript turns them into indexed
 * accesses that do not exist in its types (`["schema"]`, `["allOf"]`) or that fail on a union or
 * a nullable parent. The target of each is moved into `components.schemas` under a name of its own
 * and left behind as a `$ref` to it, so the schema is typed once and every place that used it,
 * the original included, refers to it by name.
 */
import { decodePointer } from "../../load/json-pointer.js";
import { isObject } from "../local-ref.js";
import { componentSchemaName, componentSchemaRef, freeComponentName } from "./component-ref.js";
import { forEachDescriptionObject } from "./ref-holders.js";
import { subschemaStep } from "./schema-keywords.js";

type Json = Record<string, unknown>;

/** A target to hoist: where it is now (no `$ref` on the way), and the refs that point at it. */
interface DeepTarget {
  readonly segments: readonly string[];
  readonly refs: Set<string>;
}

export interface DeepRefPlan {
  /** `$ref` text → the `$ref` to use instead, for refs that only needed following. */
  readonly redirect: ReadonlyMap<string, string>;
  readonly targets: readonly DeepTarget[];
}

/** The deep `$ref`s of `document` and where their targets are; empty when there are none. */
export function planDeepRefs(document: Json): DeepRefPlan {
  const refs = new Set<string>();
  forEachDescriptionObject(document, (node) => {
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/") && componentSchemaName(node.$ref) === undefined) refs.add(node.$ref);
    const mapping = isObject(node.discriminator) ? node.discriminator.mapping : undefined;
    if (isObject(mapping)) for (const value of Object.values(mapping)) if (typeof value === "string" && value.startsWith("#/") && componentSchemaName(value) === undefined) refs.add(value);
  });
  const redirect = new Map<string, string>();
  const targets = new Map<string, DeepTarget>();
  for (const ref of refs) {
    const found = canonicalTarget(document, decodePointer(ref.slice(1)));
    if (found === undefined || !isSchemaPlace(document, found)) continue;
    if (found.length === 3 && found[0] === "components" && found[1] === "schemas") {
      redirect.set(ref, componentSchemaRef(found[2]!));
      continue;
    }
    const key = found.join("\u0000");
    const target = targets.get(key) ?? { segments: found, refs: new Set<string>() };
    target.refs.add(ref);
    targets.set(key, target);
  }
  return { redirect, targets: [...targets.values()] };
}

/**
 * Applies `plan` to `document` (a copy the caller owns): hoists each target, deepest first so an
 * ancestor is moved with its descendants already replaced, then points every ref at the name.
 * Returns the new component names.
 */
export function hoistDeepRefs(document: Json, plan: DeepRefPlan): string[] {
  const components = (document.components = isObject(document.components) ? document.components : {});
  const schemas = (components.schemas = isObject(components.schemas) ? components.schemas : {});
  const redirect = new Map(plan.redirect);
  const added: string[] = [];
  const ordered = [...plan.targets].sort((a, b) => b.segments.length - a.segments.length || compare(a.segments, b.segments));
  for (const target of ordered) {
    const parent = nodeAt(document, target.segments.slice(0, -1));
    const key = target.segments.at(-1)!;
    if (parent === undefined) continue;
    const name = freeComponentName(schemas, hoistedName(target.segments));
    schemas[name] = (parent as Json)[key];
    const ref = componentSchemaRef(name);
    (parent as Json)[key] = { $ref: ref };
    for (const from of target.refs) redirect.set(from, ref);
    added.push(name);
  }
  forEachDescriptionObject(document, (node) => {
    if (typeof node.$ref === "string") {
      const to = redirect.get(node.$ref);
      if (to !== undefined) node.$ref = to;
    }
    const mapping = isObject(node.discriminator) ? node.discriminator.mapping : undefined;
    if (isObject(mapping)) {
      for (const [value, ref] of Object.entries(mapping)) {
        const to = typeof ref === "string" ? redirect.get(ref) : undefined;
        if (to !== undefined) mapping[value] = to;
      }
    }
  });
  return added;
}

/**
 * The pointer's target with every `$ref` on the way (and at the end) followed, as segments from
 * the document root; undefined when it does not resolve.
 */
export function canonicalTarget(document: Json, segments: readonly string[]): string[] | undefined {
  let path: string[] = [];
  let node: unknown = document;
  const seen = new Set<string>();
  const follow = (): boolean => {
    while (isObject(node) && typeof node.$ref === "string") {
      if (!node.$ref.startsWith("#/") || seen.has(node.$ref)) return false;
      seen.add(node.$ref);
      path = [...decodePointer(node.$ref.slice(1))];
      node = nodeAt(document, path);
    }
    return node !== undefined;
  };
  for (const segment of segments) {
    if (path.length > 0 && !follow()) return undefined;
    node = Array.isArray(node) ? node[Number(segment)] : isObject(node) && Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (node === undefined) return undefined;
    path = [...path, segment];
  }
  return follow() ? path : undefined;
}

/**
 * Whether the segments name a schema: a component schema and a chain of subschema keywords
 * below it, or the `schema` of a parameter, header or media type (3.2: a named one too) and such
 * a chain below it.
 */
function isSchemaPlace(document: Json, segments: readonly string[]): boolean {
  let root = -1;
  if (segments[0] === "components" && segments[1] === "schemas" && segments.length >= 3) root = 3;
  else {
    for (let i = 2; i < segments.length; i++) {
      const owner = segments[i - 2];
      // `mediaTypes`: OpenAPI 3.2's `components.mediaTypes`, Media Type Objects by name.
      if (segments[i] === "schema" && (owner === "content" || owner === "parameters" || owner === "headers" || owner === "mediaTypes")) {
        root = i + 1;
        break;
      }
    }
  }
  if (root < 0) return false;
  let at = root;
  while (at < segments.length) {
    const step = subschemaStep(nodeAt(document, segments.slice(0, at)), segments, at);
    if (step === 0) return false;
    at += step;
  }
  return true;
}

export function nodeAt(document: Json, segments: readonly string[]): unknown {
  let node: unknown = document;
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** Words of a pointer that say nothing about which schema it is. */
const STRUCTURAL = new Set(["components", "schemas", "properties", "content", "schema", "paths", "responses", "requestBody"]);

/**
 * `X/properties/y/items` → `X_y_items`; `paths/~1messages/get/responses/200/content/…/schema/
 * properties/paging` → `messages_get_200_application_json_paging`. Only characters a component
 * name may have (OpenAPI 3.0 §4.7.7: `^[a-zA-Z0-9\.\-_]+$`).
 */
function hoistedName(segments: readonly string[]): string {
  const words = segments
    // A structural word is kept where it is a name: a property or component called `content`.
    .filter((s, i) => !STRUCTURAL.has(s) || segments[i - 1] === "properties" || (segments[i - 1] === "schemas" && segments[i - 2] === "components"))
    .map((s) => s.replace(/[^A-Za-z0-9.\-_]+/g, "_").replace(/^_+|_+$/g, ""))
    .filter((s) => s !== "");
  return words.join("_") || "Schema";
}

function compare(a: readonly string[], b: readonly string[]): number {
  const x = a.join("/");
  const y = b.join("/");
  return x < y ? -1 : x > y ? 1 : 0;
}
