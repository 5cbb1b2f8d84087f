/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
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
