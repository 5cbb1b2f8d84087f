/**
 * Every later stage (bundling, the model, openapi-typescript's transform, the printers) walks a
 * description recursively, and a schema nested a few hundred levels deep overflows the stack of
 * one of them: an internal error where the user should get a clear refusal. js-yaml already
 * refuses YAML nested deeper than 100 levels; JSON gets the same limit here, so both kinds of
 * input behave alike. Real descriptions stay far below it (GitHub's deepest point: 22 levels).
 */
import { BadInputError } from "./bad-input-error.js";
import { encodePointerSegment } from "./json-pointer.js";

export const MAX_NESTING_DEPTH = 100;

/**
 * Walks with an explicit stack (a recursive check would overflow on the input it guards against),
 * kept as two parallel arrays: an object per entry was half of this walk's time on GitHub's 13 MB.
 */
export function checkNestingDepth(document: unknown, where: string, maxDepth = MAX_NESTING_DEPTH): void {
  if (typeof document !== "object" || document === null) return;
  const nodes: object[] = [document];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth >= maxDepth) throw new BadInputError(`nests deeper than ${maxDepth} levels; refused`, `${where}#${deepestPointer(document, maxDepth)}`);
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === "object" && child !== null) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
}

/** Only on the error path: the pointer to a node at `maxDepth`, shortened in the middle. */
function deepestPointer(document: unknown, maxDepth: number): string {
  const stack: { node: unknown; path: string[] }[] = [{ node: document, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (path.length >= maxDepth) {
      const segments = path.map(encodePointerSegment);
      const shown = segments.length > 8 ? [...segments.slice(0, 4), "…", ...segments.slice(-3)] : segments;
      return `/${shown.join("/")}`;
    }
    if (typeof node !== "object" || node === null) continue;
    for (const [key, child] of Object.entries(node)) if (typeof child === "object" && child !== null) stack.push({ node: child, path: [...path, key] });
  }
  return "";
}
