/**
 * readOnly and writeOnly properties (OpenAPI 3.0.3 §4.7.24 Schema Object, fixed fields `readOnly`
 * and `writeOnly`): a readOnly property "MAY be sent as part of a response but SHOULD NOT be sent
 * as part of the request", and when `required` lists it, "the required will take effect on the
 * response only"; a writeOnly property is the same the other way round. So each direction leaves
 * the other direction's properties out, names in `required` included. Tool schemas
 * (tool-schema/convert.ts) and the types of schema.ts (emit/read-write-forms.ts) both ask here.
 */
import { isObject } from "./local-ref.js";

/** Which way a value travels: from the caller to the server, or back. */
export type Direction = "request" | "response";

/**
 * Whether a property schema is left out of values travelling in `direction`: readOnly ones out of
 * requests, writeOnly ones out of responses. The flag counts on the property itself (also beside
 * a `$ref`, as 3.1 allows and 3.0 descriptions write anyway) or on the schema one `$ref` away,
 * where descriptions put it on a shared schema (`id: { $ref: Id }`); no further, as a flag deeper
 * in a chain of references is rare and would describe the shared schema, not this property.
 */
export function leftOutOf(direction: Direction, property: unknown, resolve: (ref: string) => unknown): boolean {
  if (!isObject(property)) return false;
  const flag = direction === "request" ? "readOnly" : "writeOnly";
  if (property[flag] === true) return true;
  if (typeof property.$ref !== "string") return false;
  const target = resolve(property.$ref);
  return isObject(target) && target[flag] === true;
}
