/** Every size limit of the service in one place, so docs/knowledge-base.md and the code cannot drift. */

/** Default number of hits when a search has no topK (the spec's default). */
export const DEFAULT_TOP_K = 10;
/** Larger topK values are lowered to this: deeper result lists cost time and are rarely useful. */
export const MAX_TOP_K = 100;
/** Documents in one add request; larger sets are sent in several batches by the client. */
export const MAX_DOCUMENTS_PER_REQUEST = 1000;
/** Default and maximum page size of the list endpoint. */
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;
/** Request bodies above this are refused with HTTP 413 before they are parsed. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Longest knowledge-base name and document id, in characters (titles are bounded by the body size only). */
export const MAX_NAME_LENGTH = 256;
/** Longest search query, in characters (HTTP 400 above it): segmenting costs time in proportion. */
export const MAX_QUERY_LENGTH = 4096;
/** Deepest nesting of a document's metadata, `{}` being 1 (HTTP 400 above it). */
export const MAX_METADATA_DEPTH = 32;
