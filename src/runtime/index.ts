/**
 * `toolgen/runtime`: what generated code imports. Tiny and dependency-free: web-standard fetch,
 * URL, FormData and AbortController only, so it runs in Node, Deno, Bun and browsers.
 */
export { request } from "./request.js";
export { ToolCallError, isToolCallError, type ToolCallErrorCode } from "./tool-call-error.js";
export { DEFAULT_TIMEOUT_MS, type CallOptions, type ClientConfig } from "./options.js";
export type {
  BodyEncoding,
  BodyFieldEncoding,
  BodySpec,
  OperationSpec,
  ParameterLocation,
  ParameterSpec,
  ParameterStyle,
  ResponseKind,
} from "./operation.js";
export { bindCallOptions, createToolkit, type Toolkit, type ToolEntry, type ToolkitInit } from "./toolkit.js";
