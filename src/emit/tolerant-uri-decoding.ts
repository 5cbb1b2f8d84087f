/**
 * openapi-typescript names every node by a JSON pointer it builds from the document's keys and
 * then parses again with Redocly's `parsePointer`, which calls `decodeURIComponent` on each
 * segment. A key with a `%` not followed by two hex digits (a media type `application/x%y`, where
 * `%` is a legal token character (RFC 9110 §5.6.2), or a property named `50%`) makes that throw
 * `URIError` and the whole run end as an internal error. The pointers are only names (for
 * discriminator look-ups and messages), so a segment that cannot be decoded is kept as written.
 *
 * The transform is synchronous, so the global is replaced only while it runs and nothing else can
 * observe it. A string without `%` decodes to itself, and most segments have none: they skip the
 * call, which was 85 ms of a GitHub run (BENCHMARKS.md, "Generation").
 */
export function withTolerantUriDecoding<T>(run: () => T): T {
  const strict = globalThis.decodeURIComponent;
  globalThis.decodeURIComponent = (text: string) => {
    if (typeof text === "string" && !text.includes("%")) return text;
    try {
      return strict(text);
    } catch (error) {
      if (error instanceof URIError) return text;
      throw error;
    }
  };
  try {
    return run();
  } finally {
    globalThis.decodeURIComponent = strict;
  }
}
