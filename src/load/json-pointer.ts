/** RFC 6901 JSON Pointers as they appear in `$ref` fragments (percent-encoding allowed). */

export function encodePointerSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/**
 * Decoded pointers, by fragment. A description names the same few hundred schemas in thousands of
 * `$ref`s, and model and emit resolve each of them many times (on GitHub's, decoding was 130 ms
 * of a generation). Bounded, for long-lived processes (`--watch`, the tool manager).
 */
const decoded = new Map<string, readonly string[]>();
const MAX_DECODED = 20_000;

export function decodePointer(fragment: string): readonly string[] {
  let segments = decoded.get(fragment);
  if (segments === undefined) {
    segments = decodeUncached(fragment);
    if (decoded.size >= MAX_DECODED) decoded.clear();
    decoded.set(fragment, segments);
  }
  return segments;
}

function decodeUncached(fragment: string): string[] {
  if (fragment === "" || fragment === "/") return fragment === "/" ? [""] : [];
  if (!fragment.startsWith("/")) return [fragment];
  return fragment
    .slice(1)
    .split("/")
    .map((s) => safeDecode(s).replaceAll("~1", "/").replaceAll("~0", "~"));
}

export function resolvePointer(document: unknown, fragment: string): unknown {
  let node = document;
  for (const key of decodePointer(fragment)) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (typeof node === "object" && node !== null && Object.hasOwn(node, key)) node = (node as Record<string, unknown>)[key];
    else return undefined;
  }
  return node;
}

function safeDecode(segment: string): string {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
