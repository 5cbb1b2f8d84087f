/**
 * openapi-typescript parses a pointer for every schema it types: `createRef` parses each segment
 * of the schema's path again, and each parse splits, decodes and filters (Redocly's `parseRef`).
 * On GitHub's description that was 140 ms of a generation and much of its garbage, for a few
 * thousand distinct strings. While the transform runs, `parseRef` answers from a memo of this run.
 *
 * Each answer is a fresh object with a fresh `pointer` array, as the original's are: one caller
 * (`getDiscriminatorPropertyName`) pops from it. The transform is synchronous, so the module's
 * function is replaced only while it runs and nothing else can observe it (as with
 * tolerant-uri-decoding.ts, inside which this runs, so the memo holds what the tolerant decoding
 * gives).
 *
 * `createRef` also escapes every segment of every path with two regular-expression replaces;
 * nearly all segments have neither `~` nor `/`, and go through unchanged.
 */
import { refUtils } from "./openapi-typescript-transform.js";

export function withMemoizedRefParsing<T>(run: () => T): T {
  const original = refUtils.parseRef;
  const originalEscape = refUtils.escapePointer;
  const parsed = new Map<string, { uri: string | null; pointer: readonly string[] }>();
  refUtils.parseRef = (ref: string) => {
    // Most calls are createRef's, for one segment of a path ("properties", a name): no pointer.
    if (!ref.includes("#/")) return { uri: (ref.endsWith("#") ? ref.slice(0, -1) : ref) || null, pointer: [] };
    let known = parsed.get(ref);
    if (known === undefined) {
      known = original(ref);
      parsed.set(ref, known);
    }
    return { uri: known.uri, pointer: known.pointer.slice() };
  };
  refUtils.escapePointer = ((fragment: string | number) =>
    typeof fragment === "string" && !fragment.includes("~") && !fragment.includes("/") ? fragment : originalEscape(fragment)) as typeof originalEscape;
  try {
    return run();
  } finally {
    refUtils.parseRef = original;
    refUtils.escapePointer = originalEscape;
  }
}
