/**
 * Finds a NaN or ±Infinity in a value a tool returned. JSON has no literal for them and
 * JSON.stringify quietly writes `null`, so a tool computing `1 / 0` would answer 200 with a value
 * it never returned. Walked iteratively: a result nested deeply must not overflow the stack here.
 */
export function nonFiniteNumberAt(value: unknown): { readonly path: string; readonly value: number } | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === "number") {
      if (!Number.isFinite(current)) return { path, value: current };
    } else if (typeof current === "object" && current !== null && !seen.has(current)) {
      seen.add(current);
      // What JSON.stringify itself writes: toJSON results, array items, own enumerable keys.
      const json = (current as { toJSON?: unknown }).toJSON;
      if (typeof json === "function") stack.push([(json as () => unknown).call(current), path]);
      else if (Array.isArray(current)) current.forEach((item, i) => stack.push([item, `${path}/${i}`]));
      else for (const key of Object.keys(current)) stack.push([(current as Record<string, unknown>)[key], `${path}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`]);
    }
  }
  return undefined;
}
