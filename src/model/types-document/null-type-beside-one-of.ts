/**
 * `type: "null"` beside a `oneOf`/`anyOf` none of whose branches admits `null` (Vercel's
 * `EdgeConfigItemValue`: `type: "null"` and `oneOf: [string, number, boolean, object, array]`).
 * Read literally the value must be `null` and match a branch that refuses `null`: no value is
 * valid, and openapi-typescript's `null & (string | …)` is `never`. Descriptions write this when
 * they mean "or null" (a 3.0 `nullable: true` translated to 3.1), so the types read it that way,
 * `null | string | …`, and generation says so.
 */
import { isObject } from "../local-ref.js";
import { componentSchemaName } from "./component-ref.js";
import { forEachDescriptionObject } from "./ref-holders.js";
import { admitsNullByType } from "./schema-keywords.js";

type Json = Record<string, unknown>;

/** The schemas to read as "or null". */
export function planNullTypeBesideOneOf(document: Json): Json[] {
  const found: Json[] = [];
  forEachDescriptionObject(document, (node) => {
    const onlyNull = node.type === "null" || (Array.isArray(node.type) && node.type.length === 1 && node.type[0] === "null");
    if (!onlyNull) return;
    const branches = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
    if (branches === undefined || branches.length === 0) return;
    if (branches.some((branch) => mayAdmitNull(document, branch))) return;
    found.push(node);
  });
  return found;
}

/** Moves `null` from the type into the branches. */
export function nullAsBranch(schemas: readonly Json[]): void {
  for (const schema of schemas) {
    delete schema.type;
    const key = Array.isArray(schema.oneOf) ? "oneOf" : "anyOf";
    schema[key] = [...(schema[key] as unknown[]), { type: "null" }];
  }
}

/** Whether the branch may admit null: its type says so, or it is a reference or has no type. */
function mayAdmitNull(document: Json, branch: unknown): boolean {
  if (branch === true) return true;
  if (!isObject(branch)) return false;
  if (typeof branch.$ref === "string") return refAdmitsNull(document, branch.$ref);
  return branch.type === undefined || admitsNullByType(branch);
}

function refAdmitsNull(document: Json, ref: string): boolean {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const name = componentSchemaName(ref);
  const target = name !== undefined && Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  // An unknown or indirect target is given the benefit of the doubt: the schema stays as written.
  return !isObject(target) || target.type === undefined || admitsNullByType(target);
}
