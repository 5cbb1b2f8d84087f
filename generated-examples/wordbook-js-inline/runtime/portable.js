/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Everything generated code needs at run time, and nothing that needs Node: web-standard fetch,
 * URL, FormData and AbortController only. `--runtime inline` copies exactly this file and what it
 * imports, so an inlined client runs in Node, Deno, Bun and browsers.
 */
export { request, streamRequest } from "./request.js";
export { paginate, pageCall } from "./paginate.js";
export { collectItems, DEFAULT_MAX_STREAM_BYTES, DEFAULT_MAX_STREAM_ITEMS } from "./streams/collect-items.js";
export { ToolStream, DEFAULT_IDLE_TIMEOUT_MS } from "./streams/tool-stream.js";
export { ToolCallError, isToolCallError, REQUEST_ID_HEADERS } from "./tool-call-error.js";
export { callOperation, CallPromise } from "./call-promise.js";
export { errorGuard, isDeclaredError } from "./typed-errors.js";
export { DEFAULT_TIMEOUT_MS } from "./options.js";
export { createToolkit } from "./create-toolkit.js";
export { bindCallOptions } from "./toolkit.js";
export {} from "./toolkit.js";
export { ToolInputError, isToolInputError } from "./validation/tool-input-error.js";
export { validateValue } from "./validation/validate.js";
export { checkArguments, parseArguments, dropOptionalNulls } from "./validation/arguments.js";
export * from "./adapters/index.js";
export { MemoryFileStore, DEFAULT_MEMORY_STORE_BYTES } from "./files/memory-file-store.js";
export { FileStoreError } from "./files/file-store.js";
export { DEFAULT_MAX_FILE_BYTES, REFERENCE_FILE_PROMPT } from "./files/files-options.js";
export { FILE_ID_PATTERN, isLocalFileId, isRemoteFileId } from "./files/file-id.js";
