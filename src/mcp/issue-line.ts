/**
 * Schema issues as the one line a JSON-RPC error message is ("SHOULD be limited to a concise
 * single sentence", MCP schema): `params.name: expected string, received undefined; …`, the
 * first few only, since they say enough to fix the message.
 */
const MAX_ISSUES = 3;

export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export function issuesLine(issues: readonly SchemaIssue[]): string {
  const all = issues.map((issue) => `${where(issue.path)}: ${oneLine(issue.message)}`);
  const more = all.length > MAX_ISSUES ? ` (and ${all.length - MAX_ISSUES} more)` : "";
  return `${all.slice(0, MAX_ISSUES).join("; ")}${more}`;
}

/** `params.clientInfo.name`, `params.items[0]`; `the message` when the path is empty. */
function where(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "the message";
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`)).join("");
}

/** Zod's message on one line, without the "Invalid input: " every type mismatch starts with. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").replace(/^Invalid input: (?=expected)/, "").trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}
