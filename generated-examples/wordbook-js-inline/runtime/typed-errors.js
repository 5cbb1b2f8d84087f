/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Typed error answers: `isToolCallError(e, tool, status?)`, which every generated module exports
 * typed against its `ToolErrors` (operation-types.d.ts: per tool, status -> the declared error
 * answer's body type). These types look up one tool's entry by key, so an app's type check pays
 * only for the tools it narrows on.
 */
import { isToolCallError } from "./tool-call-error.js";
const byTool = new WeakMap();
/**
 * The run-time half of the typed guard: `error` is a ToolCallError of an HTTP answer from `tool`
 * (canonical or function name), its status is `status` when given, and the tool declares an
 * error answer for that status (the code itself, its range, or `default`), exactly as the type
 * `DeclaredErrorStatus` says.
 */
export function isDeclaredError(error, table, tool, status) {
    if (tool === undefined)
        return isToolCallError(error);
    if (!isToolCallError(error) || error.code !== "HTTP_STATUS" || error.status === undefined)
        return false;
    if (status !== undefined && error.status !== status)
        return false;
    const entry = entryOf(table, tool);
    if (entry === undefined || entry[0] !== error.tool)
        return false;
    const code = String(error.status);
    const declared = entry.slice(1);
    return declared.includes(code) || declared.includes(`${code[0]}XX`) || (declared.includes("default") && (error.status < 200 || error.status > 299));
}
/**
 * The guard a generated module exports, over its table: `export const isToolCallError:
 * ToolErrorGuard = errorGuard(toolErrorStatuses)`. Typed `any` on purpose: `ToolErrorGuard`, declared
 * in the module's operation-types.d.ts, types it, and an app's tsc resolves its generic signature
 * (and `keyof ToolErrors`, 2,000 names on GitHub's description) only where the app calls it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed by the generated ToolErrorGuard
export function errorGuard(table) {
    return (error, tool, status) => isDeclaredError(error, table, tool, status);
}
/** Canonical names first, then function names, as `ToolErrors` is keyed. */
function entryOf(table, tool) {
    let canonical = byTool.get(table);
    if (canonical === undefined) {
        canonical = new Map(Object.values(table).map((entry) => [entry[0], entry]));
        byTool.set(table, canonical);
    }
    return canonical.get(tool) ?? (Object.prototype.hasOwnProperty.call(table, tool) ? table[tool] : undefined);
}
