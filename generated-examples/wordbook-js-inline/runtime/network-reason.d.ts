/**
 * undici rejects with "fetch failed" and keeps the real reason (ECONNREFUSED, a reset, a closed
 * socket) in `cause`; this walks the chain into one readable line.
 */
export declare function networkReason(error: unknown): string;
