/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * `createToolkit(init)`: the toolkit a generated module exports and `loadToolkit` builds, from
 * plain data (toolkit.ts has its shape). Apart from toolkit.ts so that the typed form it returns
 * (typed-toolkit.ts, which extends that shape) and the shape do not import each other.
 */
import type { AuthValues } from "./auth/auth-scheme.js";
import type { ToolkitInit } from "./toolkit.js";
import type { TypedToolkit, UntypedTools } from "./typed-toolkit.js";
/**
 * `Tools`: the generated module's `ToolTypes` (typed-toolkit.ts), inferred from the declared type
 * of its `toolkit` constant; without it every name takes any arguments, as `Toolkit` says.
 */
export declare function createToolkit<Auth extends object = AuthValues, Tools = UntypedTools>(init: ToolkitInit): TypedToolkit<Auth, Tools>;
