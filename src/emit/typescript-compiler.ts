/**
 * The TypeScript compiler, loaded through `require`, not `import`. It is CommonJS, and an ESM
 * `import` of a CommonJS file makes Node 20 lex the whole file for its export names before
 * running it: for typescript.js (9 MB) that is 210-230 ms of every generation, more than loading
 * it takes (BENCHMARKS.md, "Generation"). `TS` is its namespace, for types.
 */
import type * as TS from "typescript";
import { requireTypeScript } from "./typescript-code-cache.js";

export type { TS };

export const ts = requireTypeScript(import.meta.url) as typeof TS;
