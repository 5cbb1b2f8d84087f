/**
 * Tool names `<title>/<version>/<operationId>` exactly as the reference client builds them
 * (`f"{info.title}/{info.version}/{operationId}"`), including its fallback for an operation
 * without operationId: the path with its outer slashes stripped and inner ones turned into `-`.
 * The reference never checks for duplicates; here a repeated id keeps its first holder and later
 * ones get `-<method>` (fallbacks: two methods on one path) or `_2`, `_3` (true duplicates), with
 * a warning, so every tool stays addressable.
 */
import { wireMethod } from "./operation-methods.js";
import type { OperationMethod } from "./toolkit-model.js";

export interface ToolIdRequest {
  readonly operationId?: string;
  readonly method: OperationMethod;
  readonly path: string;
}

export function referenceFallbackId(path: string): string {
  return path.replace(/^\/+|\/+$/g, "").replaceAll("/", "-");
}

export function assignToolIds(requests: readonly ToolIdRequest[], warn: (message: string) => void): string[] {
  // Names compare exactly here: tool names are case-sensitive strings, not file names.
  const taken = new Set<string>();
  const wanted = requests.map((r) => r.operationId ?? (referenceFallbackId(r.path) || r.method));
  const counts = new Map<string, number>();
  for (const id of wanted) counts.set(id, (counts.get(id) ?? 0) + 1);
  const explicit = new Set(requests.flatMap((r) => (r.operationId !== undefined ? [r.operationId] : [])));
  return requests.map((request, index) => {
    let id = wanted[index]!;
    if (request.operationId === undefined && (counts.get(id)! > 1 || explicit.has(id))) id = `${id}-${request.method}`;
    if (taken.has(id)) {
      const first = id;
      for (let n = 2; taken.has(id); n++) id = `${first}_${n}`;
      warn(`operationId "${first}" is used more than once; ${wireMethod(request.method)} ${request.path} is named "${id}"`);
    }
    taken.add(id);
    return id;
  });
}

