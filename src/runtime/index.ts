/**
 * `toolgen/runtime`: what generated code imports (see portable.ts), plus `loadToolkit`, which
 * loads a description at run time and therefore needs Node's file system and crypto.
 */
export * from "./portable.js";
export { loadToolkit, type LoadToolkitOptions } from "./load-toolkit.js";
