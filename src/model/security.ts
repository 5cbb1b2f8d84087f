/**
 * Security schemes and requirements (OpenAPI 3.0 §4.7.27 "Security Scheme Object", §4.7.30
 * "Security Requirement Object"), read into what the runtime applies (runtime/auth). The scheme
 * names are kept exactly as written: they are the keys of the generated `Credentials` type.
 *
 * Not supported, each with a warning: `mutualTLS` (3.1; a client certificate is a property of the
 * connection, which fetch does not expose) and types this version does not know. An alternative
 * that needs such a scheme, or one the description never declares, cannot be satisfied and is
 * dropped; a name no scheme declares is warned once per document.
 *
 * OpenAPI 3.2 adds `deprecated` to a scheme: it is still applied (the server still takes it), and
 * each deprecated scheme that operations use is warned once, naming them. Its `oauth2MetadataUrl`
 * and the `deviceAuthorization` flow change nothing here: an oauth2 token is a bearer token
 * whatever flow produced it.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import type { AuthScheme, SecurityAlternative } from "../runtime/auth/auth-scheme.js";
import { setOwn } from "../runtime/own-property.js";
import { escapePointerSegment, isObject, resolveLocal } from "./local-ref.js";
import type { ParameterModel } from "./toolkit-model.js";

export class SecurityReader {
  /** The schemes toolgen can apply, by name as written. */
  readonly schemes: Record<string, AuthScheme> = {};
  private readonly declared: object;
  private readonly undeclared = new Set<string>();
  /** The document's `security`, for operations without their own. */
  private readonly global: readonly SecurityAlternative[];
  /** Deprecated schemes (3.2) by name, with the operations that use them. */
  private readonly deprecated = new Map<string, string[]>();

  constructor(
    document: OpenApiDocument,
    private readonly warn: (message: string) => void,
  ) {
    const components = isObject(document.components) ? document.components : {};
    this.declared = isObject(components.securitySchemes) ? components.securitySchemes : {};
    for (const [name, raw] of Object.entries(this.declared)) {
      const at = `#/components/securitySchemes/${escapePointerSegment(name)}`;
      const { value } = resolveLocal(document, raw, at);
      const scheme = isObject(value) ? schemeOf(value) : "is not an object";
      if (typeof scheme === "string") warn(`security scheme "${name}" (${at}) ${scheme}: operations that need it are called without it`);
      else setOwn(this.schemes, name, scheme);
      if (isObject(value) && value.deprecated === true) this.deprecated.set(name, []);
    }
    this.global = this.alternatives(document.security) ?? [];
  }

  /**
   * An operation's security: its own `security`, else the document's (§4.7.10). `[]`: none.
   * `label` (`GET /items`) names the operation in the warning about a deprecated scheme.
   */
  operation(own: unknown, label?: string): readonly SecurityAlternative[] {
    const security = this.alternatives(own) ?? this.global;
    if (label !== undefined && this.deprecated.size > 0) {
      for (const name of new Set(security.flat())) this.deprecated.get(name)?.push(label);
    }
    return security;
  }

  /** Warns once for each requirement name no scheme declares. Call after every operation. */
  finish(): void {
    for (const name of this.undeclared) this.warn(`the security requirement "${name}" names no scheme in components.securitySchemes: it is ignored`);
    for (const [name, users] of this.deprecated) {
      if (users.length === 0) continue;
      const shown = users.slice(0, 3).join(", ") + (users.length > 3 ? `, and ${users.length - 3} more` : "");
      this.warn(
        `security scheme "${name}" (#/components/securitySchemes/${escapePointerSegment(name)}) is deprecated, and ${shown} use${users.length === 1 ? "s" : ""} it: it is still applied; move to another scheme when the server offers one`,
      );
    }
  }

  /**
   * Marks the parameters that repeat an apiKey scheme of the operation (header names are
   * case-insensitive): the client sends them from `auth`, so they are no model input.
   */
  markCredentials(parameters: ParameterModel[], security: readonly SecurityAlternative[]): ParameterModel[] {
    const place = (location: string, name: string) => `${location}:${location === "header" ? name.toLowerCase() : name}`;
    const keys = new Set<string>();
    for (const name of new Set(security.flat())) {
      const scheme = this.schemes[name];
      if (scheme?.type === "apiKey") keys.add(place(scheme.in, scheme.name));
    }
    if (keys.size === 0) return parameters;
    return parameters.map((p) => (keys.has(place(p.in, p.name)) ? { ...p, credential: true } : p));
  }

  /** The alternatives of a `security` array that can be satisfied; `undefined` when it is absent. `{}` stays (optional). */
  private alternatives(security: unknown): SecurityAlternative[] | undefined {
    if (!Array.isArray(security)) return undefined;
    const alternatives: SecurityAlternative[] = [];
    for (const requirement of security) {
      if (!isObject(requirement)) continue;
      const names = Object.keys(requirement);
      for (const name of names) if (!Object.hasOwn(this.declared, name)) this.undeclared.add(name);
      if (names.every((name) => Object.hasOwn(this.schemes, name))) alternatives.push(names);
    }
    return alternatives;
  }
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
