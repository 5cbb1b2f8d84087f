/**
 * `toolgen/runtime`: what generated code imports (see portable.ts), plus what needs Node's file
 * system: `loadToolkit`, which loads a description at run time, and `DiskFileStore`.
 */
export * from "./portable.js";
export { loadToolkit, type LoadToolkitOptions } from "./load-toolkit.js";
export { DiskFileStore } from "./files/disk-file-store.js";
