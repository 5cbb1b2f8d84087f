/**
 * A parameter `$ref` to another operation's parameter (DigitalOcean: `$ref:
 * "#/paths/~1v2~1account~1keys/get/parameters/1"` for `per_page` in 40 operations; openSUSE's OBS,
 * enode). A valid JSON Reference, but openapi-typescript types it as an indexed access,
 * `paths["/v2/account/keys"]["get"]["parameters"]["query"]["per_page"]`, into a `query?:` that may
 * be undefined: TS2339. The target moves to `components.parameters` under its name and is left
 * behind as a `$ref` to it, so every operation, the original included, refers to it by name.
 * Only refs that stand in a `parameters` list are followed: a schema that refers to a Parameter
 * Object is no parameter, and stays as written.
 */
import { decodePointer, encodePointerSegment } from "../../load/json-pointer.js";
import { isObject } from "../local-ref.js";
import { freeComponentName } from "./component-ref.js";
import { canonicalTarget, nodeAt } from "./deep-refs.js";
import { forEachDescriptionObject } from "./ref-holders.js";

type Json = Record<string, unknown>;

const PREFIX = "#/components/parameters/";

export interface PathParameterPlan {
  /** `$ref` text → the canonical target's segments, for every ref in a parameter list that leaves components. */
  readonly refs: ReadonlyMap<string, readonly string[]>;
}

export function planPathParameterRefs(document: Json): PathParameterPlan {
  const refs = new Map<string, readonly string[]>();
  forEachDescriptionObject(document, (node) => {
    if (!Array.isArray(node.parameters)) return;
    for (const entry of node.parameters) {
      if (!isObject(entry) || typeof entry.$ref !== "string" || !entry.$ref.startsWith("#/paths/") || refs.has(entry.$ref)) continue;
      const target = canonicalTarget(document, decodePointer(entry.$ref.slice(1)));
      if (target !== undefined && (isPathParameterPlace(target) || isComponentParameter(target))) refs.set(entry.$ref, target);
    }
  });
  return { refs };
}

/** Applies the plan to `document` (a copy the caller owns); returns the new component names. */
export function hoistPathParameterRefs(document: Json, plan: PathParameterPlan): string[] {
  const components = (document.components = isObject(document.components) ? document.components : {});
  const parameters = (components.parameters = isObject(components.parameters) ? components.parameters : {});
  const redirect = new Map<string, string>();
  const moved = new Map<string, string>();
  const added: string[] = [];
  for (const [ref, target] of plan.refs) {
    if (isComponentParameter(target)) {
      redirect.set(ref, PREFIX + encodePointerSegment(target[2]!));
      continue;
    }
    const key = target.join("\u0000");
    let to = moved.get(key);
    if (to === undefined) {
      const list = nodeAt(document, target.slice(0, -1)) as unknown[];
      const index = Number(target.at(-1));
      const parameter = list[index] as Json;
      const name = freeComponentName(parameters, componentName(parameter.name));
      parameters[name] = parameter;
      to = PREFIX + encodePointerSegment(name);
      list[index] = { $ref: to };
      moved.set(key, to);
      added.push(name);
    }
    redirect.set(ref, to);
  }
  forEachDescriptionObject(document, (node) => {
    if (!Array.isArray(node.parameters)) return;
    for (const entry of node.parameters) {
      const to = isObject(entry) && typeof entry.$ref === "string" ? redirect.get(entry.$ref) : undefined;
      if (to !== undefined) (entry as Json).$ref = to;
    }
  });
  return added;
}

/** `paths/<path>/parameters/<i>` or `paths/<path>/<method>/parameters/<i>`. */
function isPathParameterPlace(segments: readonly string[]): boolean {
  const n = segments.length;
  return segments[0] === "paths" && (n === 4 || n === 5) && segments[n - 2] === "parameters" && /^\d+$/.test(segments[n - 1]!);
}

function isComponentParameter(segments: readonly string[]): boolean {
  return segments.length === 3 && segments[0] === "components" && segments[1] === "parameters";
}

/** The parameter's name, with only the characters a component name may have (`field[]` → `field`). */
function componentName(name: unknown): string {
  const cleaned = typeof name === "string" ? name.replace(/[^A-Za-z0-9.\-_]+/g, "_").replace(/^_+|_+$/g, "") : "";
  return cleaned || "parameter";
}
