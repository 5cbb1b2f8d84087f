/**
 * Security schemes and requirements (OpenAPI 3.0 §4.7.27 "Security Scheme Object", §4.7.30
 * "Security Requirement Object"), read into what the runtime applies (runtime/auth). The scheme
 * names are kept exactly as written: they are the keys of the generated `Credentials` type.
 *
 * Not supported, each with a warning: `mutualTLS` (3.1; a client certificate is a property of the
 * connection, which fetch does not expose) and types this version does not know. An alternative
 * that needs such a scheme, or one the description never declares, cannot be satisfied and is
 * dropped.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import type { AuthScheme, SecurityAlternative } from "../runtime/auth/auth-scheme.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";

export function readSecuritySchemes(document: OpenApiDocument, warn: (message: string) => void): Record<string, AuthScheme> {
  const components = isObject(document.components) ? document.components : {};
  const declared = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const schemes: Record<string, AuthScheme> = {};
  for (const [name, raw] of Object.entries(declared)) {
    const at = `#/components/securitySchemes/${escapePointerSegment(name)}`;
    const { value } = resolveLocal(document, raw, at);
    const scheme = isObject(value) ? schemeOf(value) : undefined;
    if (typeof scheme === "string") warn(`security scheme "${name}" (${at}) ${scheme}: operations that need it are called without it`);
    else if (scheme) Object.defineProperty(schemes, name, { value: scheme, enumerable: true, writable: true, configurable: true });
  }
  return schemes;
}

/** The scheme, or why it cannot be applied. */
function schemeOf(s: Record<string, unknown>): AuthScheme | string {
  switch (s.type) {
    case "apiKey": {
      if (typeof s.name !== "string" || s.name === "") return "is an apiKey without a name";
      if (s.in !== "header" && s.in !== "query" && s.in !== "cookie") return `is an apiKey in "${String(s.in)}", not header, query or cookie`;
      return { type: "apiKey", in: s.in, name: s.name };
    }
    case "http":
      if (typeof s.scheme !== "string" || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(s.scheme)) return "is http without a usable scheme";
      return { type: "http", scheme: s.scheme };
    case "oauth2":
      return { type: "oauth2" };
    case "openIdConnect":
      return { type: "openIdConnect" };
    case "mutualTLS":
      return "is mutualTLS, which toolgen does not support (a client certificate belongs to the connection, which fetch does not expose)";
    default:
      return `has the type "${String(s.type)}", which toolgen does not know`;
  }
}

/**
 * The alternatives of a `security` array that can be satisfied; `undefined` when it is absent.
 * `{}` stays as an empty alternative (credentials optional).
 */
export function readSecurity(security: unknown, schemes: Readonly<Record<string, AuthScheme>>): SecurityAlternative[] | undefined {
  if (!Array.isArray(security)) return undefined;
  const alternatives: SecurityAlternative[] = [];
  for (const requirement of security) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    if (names.every((name) => Object.hasOwn(schemes, name))) alternatives.push(names);
  }
  return alternatives;
}

/** Requirement names no scheme declares (warned once per document). */
export function undeclaredSchemes(security: unknown, declared: object): string[] {
  if (!Array.isArray(security)) return [];
  return security.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement).filter((name) => !Object.hasOwn(declared, name)) : []));
}
