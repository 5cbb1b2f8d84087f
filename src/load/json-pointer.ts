/** RFC 6901 JSON Pointers as they appear in `$ref` fragments (percent-encoding allowed). */

export function encodePointerSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

export function decodePointer(fragment: string): string[] {
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
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
