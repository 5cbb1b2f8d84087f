/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Objects keyed by names from a description or a caller (parameter keys, body properties, schema
 * property names) are data: a name such as `constructor`, `toString` or `__proto__` is a name like
 * any other. Plain `obj[name]` would find Object.prototype's member when the object has no such
 * property, and plain assignment to `__proto__` would replace the prototype instead of adding a
 * property. These two are how the runtime reads and writes such objects.
 */
/** The object's own property `key`; `undefined` when it has none (whatever its prototype has). */
export declare function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined;
/**
 * Sets an own, enumerable property even when `key` is `__proto__` (plain assignment would change
 * the prototype instead). Every object keyed by names from a description is written through this.
 */
export declare function setOwn<T>(target: Record<string, T>, key: string, value: T): void;
