/** The local knowledge-base service (`toolgen kb serve`). */
export { startKnowledgeBaseService, type KnowledgeBaseService, type KnowledgeBaseServiceOptions } from "./server.js";
/** The `code` of the error a start without the backend's driver installed fails with. */
export { DRIVER_MISSING } from "./storage-driver.js";
/** Nonzero `errorCode` values the service answers with HTTP 200 (see docs/knowledge-base.md). */
export { ErrorCode as ServiceErrorCode } from "./errors.js";
export { DEFAULT_TOP_K, MAX_TOP_K, MAX_DOCUMENTS_PER_REQUEST, MAX_LIST_LIMIT, MAX_BODY_BYTES, MAX_QUERY_LENGTH, MAX_METADATA_DEPTH } from "./limits.js";
