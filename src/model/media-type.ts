/**
 * Choosing one media type when an operation offers several, and what each means for encoding.
 * JSON is preferred because it carries every JSON Schema type losslessly; then form bodies
 * (Stripe sends everything as form-urlencoded), multipart, text, and finally raw bytes.
 */
import type { BodyEncoding, ResponseKind } from "../runtime/operation.js";

export function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(";")[0]!.trim().toLowerCase();
  return base === "application/json" || base.endsWith("+json") || base === "*/*" || base === "application/*";
}

export function bodyEncodingOf(mediaType: string): BodyEncoding {
  const base = mediaType.split(";")[0]!.trim().toLowerCase();
  if (isJsonMediaType(base)) return "json";
  if (base === "application/x-www-form-urlencoded") return "form";
  if (base.startsWith("multipart/")) return "multipart";
  if (base.startsWith("text/") || base === "application/xml") return "text";
  return "binary";
}

const BODY_PREFERENCE: readonly BodyEncoding[] = ["json", "form", "multipart", "text", "binary"];

/** Picks the request media type: the first of the preferred encoding, in document order. */
export function pickRequestMediaType(mediaTypes: readonly string[]): string | undefined {
  for (const encoding of BODY_PREFERENCE) {
    const exact = mediaTypes.find((m) => bodyEncodingOf(m) === encoding && !m.includes("*"));
    if (exact) return exact;
    const any = mediaTypes.find((m) => bodyEncodingOf(m) === encoding);
    if (any) return any;
  }
  return mediaTypes[0];
}

export function responseKindOf(mediaType: string | undefined): ResponseKind {
  if (mediaType === undefined) return "none";
  const encoding = bodyEncodingOf(mediaType);
  if (encoding === "json") return "json";
  if (encoding === "text") return "text";
  return "binary";
}

/** Picks the response media type: JSON, then text, then anything. */
export function pickResponseMediaType(mediaTypes: readonly string[]): string | undefined {
  return (
    mediaTypes.find((m) => responseKindOf(m) === "json" && !m.includes("*")) ??
    mediaTypes.find((m) => responseKindOf(m) === "json") ??
    mediaTypes.find((m) => responseKindOf(m) === "text") ??
    mediaTypes[0]
  );
}
