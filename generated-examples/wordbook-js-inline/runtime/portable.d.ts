/**
 * Everything generated code needs at run time, and nothing that needs Node: web-standard fetch,
 * URL, FormData and AbortController only. `--runtime inline` copies exactly this file and what it
 * imports, so an inlined client runs in Node, Deno, Bun and browsers.
 */
export { request } from "./request.js";
export { ToolCallError, isToolCallError, type ToolCallErrorCode } from "./tool-call-error.js";
export { DEFAULT_TIMEOUT_MS, type CallOptions, type ClientConfig, type RetryOptions } from "./options.js";
export type { BodyEncoding, BodyFieldEncoding, BodySpec, OperationSpec, ParameterLocation, ParameterSpec, ParameterStyle, ResponseKind, } from "./operation.js";
export { bindCallOptions, createToolkit, type Toolkit, type ToolEntry, type ToolkitInit } from "./toolkit.js";
