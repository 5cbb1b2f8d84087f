/**
 * `Content-Disposition` of an answer (RFC 6266): is it a download, and under which name? The
 * reference cut the header at `filename=` and kept the quotes; here `filename*` (RFC 8187,
 * UTF-8 percent-encoded) wins over `filename`, quoted strings are unescaped, and the result is
 * cleaned like every stored name (file-names.ts).
 */
import { cleanFilename } from "./file-names.js";

export interface Download {
  /** The name the server suggests, cleaned; absent when it gave none usable. */
  readonly filename?: string;
}

/**
 * A download is `attachment`, or any disposition that names a file. `inline` without a name is
 * the server saying "show this", so the answer is read by its media type as usual.
 */
export function downloadOf(header: string | null): Download | undefined {
  if (header === null || header.trim() === "") return undefined;
  const [type = "", ...rest] = splitParameters(header);
  const params = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    if (!params.has(key)) params.set(key, unquote(part.slice(eq + 1).trim()));
  }
  const extended = params.has("filename*") ? decodeExtended(params.get("filename*")!) : undefined;
  const filename = cleanFilename(extended ?? params.get("filename"));
  if (type.trim().toLowerCase() !== "attachment" && filename === undefined) return undefined;
  return filename !== undefined ? { filename } : {};
}

/** Splits at `;` outside quoted strings. */
function splitParameters(header: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i]!;
    if (quoted && c === "\\" && i + 1 < header.length) {
      current += c + header[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ";" && !quoted) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/\\(.)/g, "$1");
  return value;
}

/** `UTF-8''na%C3%AFve.txt` -> `naïve.txt`; `undefined` for another charset or broken escapes. */
function decodeExtended(value: string): string | undefined {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match || !/^utf-8$/i.test(match[1]!)) return undefined;
  try {
    return decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
}
