/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Where a tool's arguments and answer hold files: plain data the model stage computes at build
 * time (model/tool-schema/file-arguments.ts and file-answers.ts) and the generated toolkit
 * carries, so the toolkit never re-reads schemas at run time, and a tool without files costs one
 * `undefined` check.
 */
import { childPath } from "../validation/validate.js";
export function stringsAt(root, path, at = "$", key = "") {
    if (path.length === 0)
        return typeof root === "string" ? [{ at, key, value: root }] : [];
    const [step, ...rest] = path;
    if (step === 0)
        return Array.isArray(root) ? root.flatMap((item, i) => stringsAt(item, rest, `${at}[${i}]`, key)) : [];
    if (!isRecord(root))
        return [];
    if (step === 1)
        return Object.entries(root).flatMap(([k, v]) => stringsAt(v, rest, childPath(at, k), k));
    return Object.hasOwn(root, step) ? stringsAt(root[step], rest, childPath(at, step), step) : [];
}
/**
 * A copy of `root` with the value at each JSON path in `replacements` swapped, copying only the
 * objects and lists on the way there; everything else is shared with the original.
 */
export function replaceAt(root, path, replacements, at = "$") {
    if (path.length === 0)
        return replacements.has(at) ? replacements.get(at) : root;
    const [step, ...rest] = path;
    if (step === 0)
        return Array.isArray(root) ? root.map((item, i) => replaceAt(item, rest, replacements, `${at}[${i}]`)) : root;
    if (!isRecord(root))
        return root;
    const keys = step === 1 ? Object.keys(root) : Object.hasOwn(root, step) ? [step] : [];
    if (keys.length === 0)
        return root;
    const copy = { ...root };
    for (const k of keys) {
        const value = replaceAt(root[k], rest, replacements, childPath(at, k));
        // Own, enumerable, even for `__proto__` (a name from the description like any other).
        Object.defineProperty(copy, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return copy;
}
function isRecord(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Blob);
}
