/**
 * Everything generated code needs at run time, and nothing that needs Node: web-standard fetch,
 * URL, FormData and AbortController only. `--runtime inline` writes this file and what it imports
 * as one module exporting these names (src/build/runtime-bundle.ts), so an inlined client runs in
 * Node, Deno, Bun and browsers.
 */
export { request, streamRequest } from "./request.js";
export { paginate, pageCall, type PageCall, type PagedFunction, type PageItemOf, type PaginateOptions } from "./paginate.js";
export { collectItems, DEFAULT_MAX_STREAM_BYTES, DEFAULT_MAX_STREAM_ITEMS, type CollectLimits } from "./streams/collect-items.js";
export { ToolStream, DEFAULT_IDLE_TIMEOUT_MS, type ServerSentEvent, type StreamOptions, type ReconnectOptions } from "./streams/tool-stream.js";
export { ToolCallError, isToolCallError, REQUEST_ID_HEADERS, type ToolCallErrorCode } from "./tool-call-error.js";
export { callOperation, CallPromise, type CallResult } from "./call-promise.js";
export { errorGuard, isDeclaredError, type DeclaredErrorBody, type DeclaredErrorStatus, type DeclaredToolCallError, type ErrorStatusRanges, type ErrorStatusTable } from "./typed-errors.js";
export { DEFAULT_TIMEOUT_MS, type CallOptions, type ClientConfig, type RetryOptions } from "./options.js";
export type { AuthScheme, AuthValues, BasicCredentials, Credential, SecurityAlternative } from "./auth/auth-scheme.js";
export type {
  BodyEncoding,
  BodyFieldEncoding,
  BodySpec,
  HeaderValueType,
  OperationSpec,
  PageSpec,
  ParameterLocation,
  ParameterSpec,
  ParameterStyle,
  ResponseKind,
  StreamFormat,
  StreamSpec,
} from "./operation.js";
export { createToolkit } from "./create-toolkit.js";
export { bindCallOptions, type Toolkit, type ToolEntry, type ToolkitInit } from "./toolkit.js";
export { type ToolDescriptor, type ToolExample, type ExampleMessage, type McpToolHints } from "./toolkit.js";
export type { ToolArgsRest, ToolCallRest, ToolStreamRest, ToolType, TypedToolkit, RuntimeName, UntypedTools } from "./typed-toolkit.js";
export { ToolInputError, isToolInputError, type ToolInputErrorCode } from "./validation/tool-input-error.js";
export { validateValue, type ValidationProblem } from "./validation/validate.js";
export { checkArguments, parseArguments, dropOptionalNulls } from "./validation/arguments.js";
export type { JsonSchema, JsonObjectSchema, JsonSchemaType } from "./validation/json-schema.js";
export * from "./adapters/index.js";
export { MemoryFileStore, DEFAULT_MEMORY_STORE_BYTES, type MemoryFileStoreOptions } from "./files/memory-file-store.js";
export { FileStoreError, type FileInfo, type FileStore, type FileStoreErrorCode, type NewFile, type StoredFile } from "./files/file-store.js";
export { DEFAULT_MAX_FILE_BYTES, REFERENCE_FILE_PROMPT, type FileReference, type FilesOptions } from "./files/files-options.js";
export { FILE_ID_PATTERN, isLocalFileId, isRemoteFileId } from "./files/file-id.js";
export type { FilePath, InputFileField, OutputFileField, ToolFileFields } from "./files/file-fields.js";
