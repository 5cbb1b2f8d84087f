/**
 * A required security scheme added to an operation, as `toolgen diff` reports it.
 * The level is the catalogue's (docs/diff-in-ci.md): `api-security-added` is breaking (every
 * call made as before gets a 401/403; docs/diff-judged-differently.md
 * `security-added-to-endpoint` says why oasdiff's INFO is not followed); a policy file can lower it. Every message names the schemes involved, so a reader knows which credential to
 * configure. The level-only cases live in operations.test.ts ("security").
 */
import { describe, expect, test } from "vitest";
import { buildDescription } from "../../src/server/index.js";
import { wordListTools } from "../../src/server/samples/word-list.js";
import { diffDocs, doc, lines, ok } from "./support.js";
import type { OpenApiDocument } from "../../src/load/loaded-description.js";

const schemes = {
  securitySchemes: {
    bearerAuth: { type: "http", scheme: "bearer" },
    apiKeyAuth: { type: "apiKey", in: "header", name: "X-Api-Key" },
    oauth: { type: "oauth2", flows: { clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: { read: "r", write: "w" } } } },
  },
};
const op = (security: unknown, extra: Record<string, unknown> = {}) =>
  doc({ "/s": { post: { operationId: "s", responses: ok(), ...(security !== undefined ? { security } : {}) } } }, { components: schemes, ...extra });

const findings = (a: OpenApiDocument, b: OpenApiDocument, levels?: Record<string, "breaking" | "warning" | "info" | "off">) =>
  diffDocs(a, b, levels ? { config: { levels } } : {}).changes.map((c) => ({ id: c.id, level: c.level, message: c.message }));

describe("a required scheme added to an operation that had none", () => {
  test("operation-level: api-security-added, breaking, and the message names the scheme", () => {
    expect(findings(op(undefined), op([{ bearerAuth: [] }]))).toEqual([
      {
        id: "api-security-added",
        level: "breaking",
        message: "added the security requirement `bearerAuth`: clients that send only what worked before get 401/403 at run time; configure the new credentials",
      },
    ]);
  });

  test("from `security: []` (no authentication, said explicitly) and from document-level security", () => {
    expect(findings(op([]), op([{ apiKeyAuth: [] }]))).toEqual([expect.objectContaining({ id: "api-security-added", level: "breaking", message: expect.stringContaining("`apiKeyAuth`") })]);
    expect(findings(op(undefined), op(undefined, { security: [{ bearerAuth: [] }] }))).toEqual([
      expect.objectContaining({ id: "api-security-added", message: expect.stringContaining("`bearerAuth`") }),
    ]);
  });

  test("two schemes required together are both named, and their scopes", () => {
    const [finding, ...rest] = findings(op(undefined), op([{ oauth: ["write", "read"], apiKeyAuth: [] }]));
    expect(rest).toEqual([]);
    expect(finding!.id).toBe("api-security-added");
    expect(finding!.message).toContain("`oauth` [write, read]");
    expect(finding!.message).toContain("`apiKeyAuth`");
  });

  test("a policy can lower it (the toolgen-diff.json of docs/diff-in-ci.md)", () => {
    const [finding] = findings(op(undefined), op([{ bearerAuth: [] }]), { "api-security-added": "warning" });
    expect(finding).toMatchObject({ id: "api-security-added", level: "warning" });
    const result = diffDocs(op(undefined), op([{ bearerAuth: [] }]), { config: { levels: { "api-security-added": "warning" } } });
    expect(lines(result)).toEqual(["warning api-security-added POST /s | security"]);
  });
});

describe("a required scheme added where another was required", () => {
  test("a second scheme required on top of the first: api-security-added naming both (the old requirement, as a whole, is removed: info)", () => {
    const [finding, ...rest] = findings(op([{ apiKeyAuth: [] }]), op([{ apiKeyAuth: [], bearerAuth: [] }]));
    expect(finding).toMatchObject({ id: "api-security-added", level: "breaking" });
    expect(finding!.message).toContain("the security requirement `apiKeyAuth` + `bearerAuth`:");
    expect(rest).toEqual([{ id: "api-security-removed", level: "info", message: "removed the security requirement `apiKeyAuth`" }]);
  });

  test("one scheme replaced by another: the new one added, named", () => {
    expect(findings(op([{ apiKeyAuth: [] }]), op([{ bearerAuth: [] }]))).toEqual([
      expect.objectContaining({ id: "api-security-added", level: "breaking", message: expect.stringContaining("`bearerAuth`") }),
      expect.objectContaining({ id: "api-security-removed", level: "info", message: "removed the security requirement `apiKeyAuth`" }),
    ]);
  });

  test("an alternative added, removed, and a scope added name their schemes too", () => {
    expect(findings(op([{ bearerAuth: [] }]), op([{ bearerAuth: [] }, { apiKeyAuth: [] }]))[0]!.message).toBe("added the security requirement `apiKeyAuth` as an alternative");
    expect(findings(op([{ bearerAuth: [] }, { apiKeyAuth: [] }]), op([{ bearerAuth: [] }]))[0]!.message).toBe(
      "removed the security requirement `apiKeyAuth`: clients that rely on it get 401/403 at run time",
    );
    expect(findings(op([{ oauth: ["read"] }]), op([{ oauth: ["read", "write"] }]))[0]!.message).toBe("the scheme `oauth` now also needs the scope `write`: old tokens may lack it");
  });
});

test("a tool manager that starts requiring a bearer token: every tool gets api-security-added naming bearerAuth", () => {
  const described = (auth?: { scheme: "bearer" }) =>
    buildDescription(wordListTools().tools, { namespace: "WordBook", version: "v1", serverUrl: "http://127.0.0.1:5000", ...(auth ? { auth } : {}) }) as OpenApiDocument;
  const changes = diffDocs(described(), described({ scheme: "bearer" })).changes;
  const security = changes.filter((c) => c.location.section === "security");
  expect(security.map((c) => `${c.level} ${c.id} ${c.operation?.path}`)).toEqual([
    "breaking api-security-added /WordBook/v1/AddWord",
    "breaking api-security-added /WordBook/v1/GetWords",
  ]);
  for (const c of security) expect(c.message).toContain("`bearerAuth`");
  // The 401 answer the secured description adds to each tool is reported on its own, never as breaking.
  expect(changes.filter((c) => c.level === "breaking" && c.location.section !== "security")).toEqual([]);
});
