/**
 * Parameter values checked before anything is sent: a required one that is missing or `null`, a
 * path parameter that is empty (it would change the route: `DELETE /items/` is another request
 * than `DELETE /items/7`), and a value of another shape than the schema declares (an object where
 * a string is declared would go out as `k,v` text). The same rules for every location.
 *
 * Header and cookie parameters may be left out of the input even when required: the app often
 * supplies them through `headers` (they are hidden from language models), so only a `null` or a
 * wrong shape is refused there.
 */
import type { OperationSpec } from "./operation.js";
/** What is wrong with the call's parameters, or `undefined` when nothing is. */
export declare function parameterProblem(op: OperationSpec, input: Record<string, unknown>): string | undefined;
