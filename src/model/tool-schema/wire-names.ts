/**
 * Wire names: what providers see instead of the canonical `<title>/<version>/<operationId>`,
 * which `/` (and often spaces, dots, CJK) makes invalid almost everywhere. The target is
 * `^[A-Za-z_][A-Za-z0-9_-]{0,63}$`, the intersection of OpenAI, Anthropic, Gemini, Claude Desktop
 * and the MCP naming rule (research: llm-tools-and-tool-servers.md §1.1, §4.2).
 *
 *   wire = seg(title) "__" seg(version) "__" seg(operationId)   (seg(title) "__" seg(operationId)
 *          when info.version is empty)
 *   seg(s): NFKC, runs of other characters -> "_", "_" collapsed, "_" and "-" trimmed at the ends;
 *           when fewer than half of its letters and digits survive (a Chinese title), the ASCII
 *           left plus "x" + 6 hex of sha256(s): `单词本` -> `xfbe7be`, `高精度通用OCR` -> `OCR_x…`.
 *   too long (lossy, so "_" + 6 hex of sha256(canonical) is appended):
 *     1. drop the version: seg(title)__seg(op)_h
 *     2. shorten the title, the operationId stays whole
 *     3. head and tail of the operationId (60/40)
 *   a collision: the later tool (document order) gets a hash suffix of its own canonical name.
 *
 * Deterministic (same description, same names) and never parsed back: the toolkit keeps the
 * table from wire name to tool.
 */
import { createHash } from "node:crypto";

export const WIRE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
export const DEFAULT_WIRE_NAME_LENGTH = 64;

export interface WireNameRequest {
  readonly title: string;
  readonly version: string;
  /** The last segment of the canonical name. */
  readonly toolId: string;
  /** The canonical name, `<title>/<version>/<toolId>`. */
  readonly name: string;
}

/** One wire name per request, in order; unique, and each at most `maxLength` (8..64) long. */
export function assignWireNames(requests: readonly WireNameRequest[], maxLength = DEFAULT_WIRE_NAME_LENGTH): string[] {
  const max = Math.max(8, Math.min(64, Math.floor(maxLength)));
  const taken = new Set<string>();
  // Every operation of a description has the same title: it is normalised once.
  const titleSegments = new Map<string, string>();
  const titleSegment = (title: string): string => {
    let known = titleSegments.get(title);
    if (known === undefined) titleSegments.set(title, (known = segment(title)));
    return known;
  };
  return requests.map((request) => {
    let name = wireNameOf(request, max, titleSegment);
    for (let n = 0; taken.has(name); n++) {
      const suffix = `_${hash6(n === 0 ? request.name : `${request.name}#${n}`)}`;
      name = fixStart(trimEnd(name.slice(0, max - suffix.length)) + suffix);
    }
    taken.add(name);
    return name;
  });
}

/** `titleSegment`: the title's segment (assignWireNames passes one that remembers it). */
export function wireNameOf(request: WireNameRequest, max = DEFAULT_WIRE_NAME_LENGTH, titleSegment = segment): string {
  const title = titleSegment(request.title);
  const op = segment(request.toolId);
  // An empty info.version has no segment (not a hash of nothing): `Title//op` -> `Title__op`.
  const full = fixStart(request.version === "" ? `${title}__${op}` : `${title}__${segment(request.version)}__${op}`);
  if (full.length <= max) return full;

  const h = `_${hash6(request.name)}`;
  const noVersion = fixStart(`${title}__${op}${h}`);
  if (noVersion.length <= max) return noVersion;

  const room = max - op.length - h.length - 2;
  if (room >= 3) {
    const shortened = fixStart(`${trimEnd(title.slice(0, room))}__${op}${h}`);
    if (shortened.length <= max) return shortened;
  }

  const available = max - h.length - 2 - 1; // one spare for a possible "t" prefix
  const head = Math.ceil(available * 0.6);
  const tail = available - head;
  return fixStart(`${trimEnd(op.slice(0, head))}__${op.slice(op.length - tail).replace(/^[_-]+/, "")}${h}`);
}

function segment(text: string): string {
  const normal = text.normalize("NFKC");
  const ascii = normal
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[_-]+|[_-]+$/g, "");
  const meaningful = (normal.match(/[\p{L}\p{N}]/gu) ?? []).length;
  const kept = (ascii.match(/[A-Za-z0-9]/g) ?? []).length;
  if (ascii === "" || kept * 2 < meaningful) return ascii === "" ? `x${hash6(text)}` : `${ascii}_x${hash6(text)}`;
  return ascii;
}

function fixStart(name: string): string {
  return /^[A-Za-z_]/.test(name) ? name : `t${name}`;
}

function trimEnd(text: string): string {
  return text.replace(/[_-]+$/, "");
}

function hash6(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 6);
}
