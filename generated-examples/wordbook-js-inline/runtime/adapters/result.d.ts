export declare function toolResultText(result: unknown): string;
/**
 * The text to send back when a call failed. A ToolInputError's message is already written for a
 * model to retry; other errors say that the call failed and why, without a stack trace.
 */
export declare function toolErrorText(error: unknown): string;
