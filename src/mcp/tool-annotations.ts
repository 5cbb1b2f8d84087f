/**
 * A tool's MCP annotations. The hints come from the HTTP method's semantics (RFC 9110) read
 * against the MCP specification's definitions, and an operation's `x-mcp-annotations` overrides
 * any of them (carried in the descriptor as `mcpAnnotations`):
 *
 * - `readOnlyHint` ("does not modify its environment"): the safe methods GET, HEAD, OPTIONS and
 *   TRACE, and QUERY (OpenAPI 3.2), whose body only says what to find.
 * - `destructiveHint` (true: "may perform destructive updates"; false: "performs only additive
 *   updates"): PUT replaces, PATCH modifies and DELETE removes what exists, so true; POST, and
 *   any method RFC 9110 does not define (OpenAPI 3.2's `COPY`, …), is taken to add, so false.
 * - `idempotentHint` ("calling it repeatedly with the same arguments has no additional effect"):
 *   PUT and DELETE, idempotent by RFC 9110. PATCH is not.
 *
 * The last two mean something only when the tool is not read-only, so a read-only tool carries
 * neither unless the description gives them.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ToolEntry } from "../runtime/toolkit.js";

const READ_ONLY = new Set(["GET", "HEAD", "OPTIONS", "TRACE", "QUERY"]);
const DESTRUCTIVE = new Set(["PUT", "PATCH", "DELETE"]);
const IDEMPOTENT = new Set(["PUT", "DELETE"]);

export function toolAnnotations(entry: ToolEntry): ToolAnnotations {
  const method = entry.method.toUpperCase();
  const given = entry.mcpAnnotations ?? {};
  const safe = READ_ONLY.has(method);
  const readOnly = given.readOnlyHint ?? safe;
  // A safe method says nothing of the changes a description declares it makes: the MCP defaults
  // (destructive, not idempotent) stand unless the description gives the hints too.
  const fromMethod: ToolAnnotations =
    readOnly || safe ? {} : { destructiveHint: DESTRUCTIVE.has(method), ...(IDEMPOTENT.has(method) ? { idempotentHint: true } : {}) };
  return { title: entry.name, ...fromMethod, ...given, readOnlyHint: readOnly };
}
