/**
 * The service's answers to problems. Two levels, as in the hosted protocol:
 *
 * - protocol-level problems (the request was understood but cannot be served: an unknown
 *   knowledge base, a missing field) are HTTP 200 with a nonzero `errorCode`, which the client
 *   turns into `KnowledgeBaseError(errorMsg, errorCode)`;
 * - transport-level problems (no valid token, malformed JSON, unknown route, oversized body) are
 *   HTTP 4xx/5xx, which the client reports as `request error: <body>` with the HTTP status.
 *
 * The numbers are toolgen's own: the hosted service's nonzero codes are not published.
 */

/** Nonzero `errorCode` values of HTTP 200 answers. */
export const ErrorCode = {
  /** A field is missing or has the wrong type or range; errorMsg names the field. */
  INVALID_ARGUMENT: 1001,
  /** knowledgeBaseId names no knowledge base. */
  KNOWLEDGE_BASE_NOT_FOUND: 1002,
  /** filterConditions is not `{ bool: { filter: [{ term: { key: value } }, ...] } }`. */
  INVALID_FILTER: 1003,
  /** One add request carries more documents than MAX_DOCUMENTS_PER_REQUEST. */
  TOO_MANY_DOCUMENTS: 1004,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The errors below are answers, not faults: their stack is never shown or logged, and capturing
 * one took about 15 µs a time, as much as the rest of the service's work on an invalid request.
 */
const NO_STACK = 0;

/** A protocol-level failure: answered as HTTP 200 `{ errorCode, errorMsg, result: null }`. */
export class ServiceError extends Error {
  readonly errorCode: ErrorCodeValue;

  constructor(errorCode: ErrorCodeValue, message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = NO_STACK;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = "ServiceError";
    this.errorCode = errorCode;
  }
}

/** A transport-level failure: answered with this HTTP status and `{ errorCode: status, errorMsg }`. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = NO_STACK;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = "HttpError";
    this.status = status;
    this.headers = headers;
  }
}

export function invalidArgument(message: string): ServiceError {
  return new ServiceError(ErrorCode.INVALID_ARGUMENT, message);
}
