/**
 * undici rejects with "fetch failed" and keeps the real reason (ECONNREFUSED, a reset, a closed
 * socket) in `cause`; this walks the chain into one readable line.
 */
export function networkReason(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { message?: string; code?: string; cause?: unknown };
    const text = [e.code, e.message].filter(Boolean).join(" ");
    if (text && text !== "fetch failed" && !parts.includes(text)) parts.push(text);
    current = e.cause;
  }
  return parts.join(": ") || "fetch failed";
}
