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
 * Style serialisation of one parameter value (OpenAPI 3.0 §4.7.12.4 "Style Values"), shared by
 * path, query, header and cookie parameters. Values are percent-encoded with `encode`; names are
 * encoded by the caller.
 */
import type { ParameterStyle } from "./operation.js";

export type Encode = (text: string) => string;

/** RFC 3986 unreserved characters stay; everything else is percent-encoded (also `!'()*`). */
export const encodeStrict: Encode = (text) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `allowReserved`: RFC 3986 reserved characters (`:/?#[]@!$&'()*+,;=`) stay as they are. */
export const encodeReserved: Encode = (text) => encodeURI(text).replace(/%5B/gi, "[").replace(/%5D/gi, "]");

export function primitiveText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Serialises `value` for `name`: returns the text that goes after the parameter's place
 * (the whole `name=value&…` run for form styles, the bare value for simple).
 */
export function serializeStyled(name: string, value: unknown, style: ParameterStyle, explode: boolean, encode: Encode): string {
  const prefix = style === "label" ? "." : style === "matrix" ? ";" : "";
  if (Array.isArray(value)) {
    const items = value.map((v) => encode(primitiveText(v)));
    switch (style) {
      case "matrix":
        return explode ? items.map((v) => `;${name}=${v}`).join("") : `;${name}=${items.join(",")}`;
      case "label":
        return `.${items.join(explode ? "." : ",")}`;
      case "form":
        return explode ? items.map((v) => `${name}=${v}`).join("&") : `${name}=${items.join(",")}`;
      case "spaceDelimited":
        return explode ? items.map((v) => `${name}=${v}`).join("&") : `${name}=${items.join("%20")}`;
      case "pipeDelimited":
        return explode ? items.map((v) => `${name}=${v}`).join("&") : `${name}=${items.join("|")}`;
      default:
        return items.join(",");
    }
  }
  if (typeof value === "object" && value !== null && !(value instanceof Date) && !(value instanceof Blob)) {
    if (style === "deepObject") return deepObjectPairs(name, value, encode).join("&");
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    switch (style) {
      case "matrix":
        return explode
          ? entries.map(([k, v]) => `;${encode(k)}=${encode(primitiveText(v))}`).join("")
          : `;${name}=${entries.map(([k, v]) => `${encode(k)},${encode(primitiveText(v))}`).join(",")}`;
      case "form":
        // §4.7.12.4 defines only scalar members. Rather than JSON text, which no server reads, an
        // array member repeats its key (`sort=a&sort=b`, as Spring's Pageable and Prism read it)
        // and an object member uses the bracket convention of deepObject (`first[second]=x`).
        return explode
          ? entries.flatMap(([k, v]) => formMember(encode(k), v, encode)).join("&")
          : `${name}=${entries.map(([k, v]) => `${encode(k)},${encode(primitiveText(v))}`).join(",")}`;
      default: {
        const sep = explode ? "=" : ",";
        const joined = entries.map(([k, v]) => `${encode(k)}${sep}${encode(primitiveText(v))}`).join(style === "label" && explode ? "." : ",");
        return `${prefix}${joined}`;
      }
    }
  }
  const text = encode(primitiveText(value));
  if (style === "matrix") return `;${name}${value === "" ? "" : `=${text}`}`;
  if (style === "form" || style === "spaceDelimited" || style === "pipeDelimited" || style === "deepObject") return `${name}=${text}`;
  return `${prefix}${text}`;
}

function formMember(name: string, value: unknown, encode: Encode): string[] {
  if (Array.isArray(value)) return value.map((item) => `${name}=${encode(primitiveText(item))}`);
  if (typeof value === "object" && value !== null && !(value instanceof Date)) return deepObjectPairs(name, value, encode);
  return [`${name}=${encode(primitiveText(value))}`];
}

/**
 * deepObject (§4.7.12.4) only defines one level; nested objects and arrays follow the bracket
 * convention Stripe and Rails use: `filter[owner][name]=x`, `items[0][price]=p`.
 */
export function deepObjectPairs(name: string, value: unknown, encode: Encode): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => deepObjectPairs(`${name}[${i}]`, v, encode));
  if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([k, v]) => deepObjectPairs(`${name}[${encodeBracketKey(k)}]`, v, encode));
  }
  return [`${name}=${encode(primitiveText(value))}`];
}

function encodeBracketKey(key: string): string {
  return encodeStrict(key);
}
