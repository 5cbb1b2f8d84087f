/** The local knowledge-base service (`toolgen kb serve`). */
export { startKnowledgeBaseService, type KnowledgeBaseService, type KnowledgeBaseServiceOptions } from "./server.js";
/** Nonzero `errorCode` values the service answers with HTTP 200 (see README). */
export { ErrorCode as ServiceErrorCode } from "./errors.js";
export { DEFAULT_TOP_K, MAX_TOP_K, MAX_DOCUMENTS_PER_REQUEST, MAX_LIST_LIMIT, MAX_BODY_BYTES, MAX_QUERY_LENGTH, MAX_METADATA_DEPTH } from "./limits.js";
