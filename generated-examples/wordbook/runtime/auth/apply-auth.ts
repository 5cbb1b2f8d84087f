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
 * Applying an operation's security to one call (OpenAPI 3.0 §4.7.30 "Security Requirement
 * Object"): the alternatives are tried in order and the first whose schemes all have a credential
 * is used, all of its schemes together. An empty alternative (`{}`) makes credentials optional:
 * it is taken only when no other is satisfied. When none is, the call goes out without
 * credentials (descriptions often declare more security than their servers enforce) and a 401 or
 * 403 answer says which schemes the operation accepts (`unsatisfied`).
 */
import type { AuthScheme, AuthValues, BasicCredentials, SecurityAlternative } from "./auth-scheme.js";
import { bytesToBase64 } from "../files/base64.js";

export interface AppliedAuth {
  readonly headers: Record<string, string>;
  /** `name=value` pairs, already encoded, for the query string. */
  readonly query: readonly string[];
  /** `name=value` cookie pairs, already encoded. */
  readonly cookies: readonly string[];
  /** Query parameter names that carry a credential (dropped on a redirect to another origin). */
  readonly queryNames: readonly string[];
  /** Every credential string sent, for redaction from errors. */
  readonly secrets: readonly string[];
  /** The operation is secured and no alternative had its credentials: the alternatives it accepts. */
  readonly unsatisfied?: readonly SecurityAlternative[];
}

const NONE: AppliedAuth = { headers: {}, query: [], cookies: [], queryNames: [], secrets: [] };

/** Thrown when a credential function fails; request() turns it into a ToolCallError (code AUTH). */
export class CredentialFailed extends Error {
  constructor(
    readonly scheme: string,
    cause: unknown,
  ) {
    super(`the credential function for the security scheme "${scheme}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export async function applyAuth(
  schemes: Readonly<Record<string, AuthScheme>> | undefined,
  security: readonly SecurityAlternative[] | undefined,
  auth: AuthValues | undefined,
  encode: (text: string) => string,
): Promise<AppliedAuth> {
  if (!security || security.length === 0 || !schemes) return NONE;
  const has = (name: string) => Object.hasOwn(schemes, name) && auth !== undefined && Object.hasOwn(auth, name) && auth[name] !== undefined;
  const chosen = security.find((alternative) => alternative.length > 0 && alternative.every(has));
  if (chosen === undefined) return security.some((a) => a.length === 0) ? NONE : { ...NONE, unsatisfied: security };

  const headers: Record<string, string> = {};
  const query: string[] = [];
  const cookies: string[] = [];
  const queryNames: string[] = [];
  const secrets: string[] = [];
  for (const name of chosen) {
    const scheme = schemes[name]!;
    let value: unknown = auth![name];
    try {
      if (typeof value === "function") value = await (value as () => unknown)();
    } catch (error) {
      throw new CredentialFailed(name, error);
    }
    if (scheme.type === "http" && scheme.scheme.toLowerCase() === "basic") {
      const basic = basicCredentials(name, value);
      const encoded = base64(`${basic.username}:${basic.password}`);
      headers.authorization = `Basic ${encoded}`;
      secrets.push(encoded, basic.password);
      continue;
    }
    if (typeof value !== "string") throw new CredentialFailed(name, new TypeError(`expected a string, got ${value === null ? "null" : typeof value}`));
    secrets.push(value);
    if (scheme.type === "apiKey") {
      if (scheme.in === "header") headers[scheme.name] = value;
      else if (scheme.in === "query") {
        query.push(`${encode(scheme.name)}=${encode(value)}`);
        queryNames.push(scheme.name);
      } else cookies.push(`${scheme.name}=${encode(value)}`);
    } else if (scheme.type === "http" && scheme.scheme.toLowerCase() !== "bearer") {
      headers.authorization = `${scheme.scheme} ${value}`;
    } else {
      headers.authorization = `Bearer ${value}`;
    }
  }
  return { headers, query, cookies, queryNames, secrets };
}

function basicCredentials(name: string, value: unknown): BasicCredentials {
  // Untyped callers (`toolgen mcp --auth basic=user:password`, environment variables) give text.
  if (typeof value === "string" && value.includes(":")) {
    const at = value.indexOf(":");
    return { username: value.slice(0, at), password: value.slice(at + 1) };
  }
  const v = value as Partial<BasicCredentials> | null;
  if (typeof v !== "object" || v === null || typeof v.username !== "string" || typeof v.password !== "string") {
    throw new CredentialFailed(name, new TypeError('expected { username: string; password: string } (or "user:password" text)'));
  }
  return v as BasicCredentials;
}

/** Base64 of the UTF-8 bytes (RFC 7617 §2.1 charset UTF-8). */
function base64(text: string): string {
  return bytesToBase64(new TextEncoder().encode(text));
}

/** "api_key" or "oauth (scopes…) and basic": the alternatives, for a 401/403 message. */
export function describeAlternatives(alternatives: readonly SecurityAlternative[]): string {
  return alternatives.map((a) => a.map((name) => JSON.stringify(name)).join(" and ")).join(", or ");
}
