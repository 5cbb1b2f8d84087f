/**
 * `toolgen/runtime`: what generated code imports (see portable.ts), plus `DiskFileStore`, which
 * needs Node's file system. It imports nothing from the rest of toolgen; `loadToolkit`, which
 * needs the loader and the model, is `toolgen/load-toolkit`.
 */
export * from "./portable.js";
export { DiskFileStore } from "./files/disk-file-store.js";
