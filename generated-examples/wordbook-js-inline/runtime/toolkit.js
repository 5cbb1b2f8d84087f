/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { setOwn } from "./own-property.js";
/**
 * Binds call options (base address, headers, token, fetch, timeout) to every function, giving a
 * client whose calls all start from them; per-call options still win, headers are merged.
 */
export function bindCallOptions(functions, inputless, bound) {
    const merge = (options) => ({
        ...bound,
        ...options,
        headers: { ...bound.headers, ...options?.headers },
        ...(bound.auth || options?.auth ? { auth: { ...bound.auth, ...options?.auth } } : {}),
    });
    const client = {};
    const bind = (fn, name) => inputless.has(name) ? (options) => fn(merge(options)) : (input, options) => fn(input, merge(options));
    for (const [name, fn] of Object.entries(functions)) {
        const bound = bind(fn, name);
        if (fn.stream)
            bound.stream = bind(fn.stream, name);
        setOwn(client, name, bound);
    }
    return client;
}
