// @ts-nocheck
/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Header and cookie parameters (OpenAPI 3.0 §4.7.12: header style `simple`, cookie style `form`),
 * merged with the client's and the call's headers.
 */
import type { OperationSpec } from "./operation.js";
import { ownValue, setOwn } from "./own-property.js";
import { encodeStrict, primitiveText, serializeStyled } from "./serialize-value.js";

const keep = (text: string) => text;

export function parameterHeaders(op: OperationSpec, input: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const p of op.params) {
    const value = ownValue(input, p.key);
    if (value === undefined) continue;
    if (p.in === "header") {
      setOwn(headers, p.name, p.json ? JSON.stringify(value) : serializeStyled(p.name, value, "simple", p.explode ?? false, keep));
    } else if (p.in === "cookie") {
      const text = p.json ? encodeStrict(JSON.stringify(value)) : Array.isArray(value) ? value.map((v) => encodeStrict(primitiveText(v))).join(",") : encodeStrict(primitiveText(value));
      cookies.push(`${p.name}=${text}`);
    }
  }
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  return headers;
}

/** Merges header maps case-insensitively; later maps win, an `undefined` value removes a header. */
export function mergeHeaders(...maps: (Record<string, string | undefined> | undefined)[]): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const map of maps) {
    for (const [name, value] of Object.entries(map ?? {})) {
      if (value === undefined) merged.delete(name.toLowerCase());
      else merged.set(name.toLowerCase(), [name, value]);
    }
  }
  return Object.fromEntries(merged.values());
}
