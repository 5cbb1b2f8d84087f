/**
 * Authentication of tool calls: the tool manager declares one scheme, publishes it
 * in its description (`components.securitySchemes` plus a document-level `security` requirement,
 * so a generated client knows what to send) and refuses every tool call without a credential it
 * accepts with 401 and a `WWW-Authenticate` challenge.
 *
 * - Only tool calls are guarded. The description and `examples.yaml` stay public: a client must be
 *   able to read how to authenticate before it has authenticated. They are not operations of the
 *   description, so there is no operation to mark `security: []`.
 * - Fixed credentials are compared in constant time: both sides are hashed with SHA-256 and the
 *   digests (always 32 bytes) go to `crypto.timingSafeEqual`, and every configured credential is
 *   compared, so neither the length nor which entry matched shows in the timing.
 * - A credential is never logged, echoed in an answer or put in an error message.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/**
 * What a credential is checked against: one accepted value, several (e.g. the old and the new
 * one while rotating), or a function that decides (it receives the credential as sent and must
 * resolve to `true` to accept it; anything else, or throwing, refuses the call).
 */
export type CredentialCheck = string | readonly string[] | ((credential: string) => boolean | Promise<boolean>);

/** Fields every scheme shares. */
interface AuthCommon {
  /**
   * The key under `components.securitySchemes` and in `security` of the published description
   * (default `bearerAuth` for bearer, `apiKeyAuth` for apiKey). Letters, digits, `.`, `-`, `_`.
   */
  readonly schemeName?: string;
  /** The scheme's `description` in the published description (default: a sentence saying what to send). */
  readonly description?: string;
  /** The `realm` of the `WWW-Authenticate` challenge (default: the namespace). Printable ASCII. */
  readonly realm?: string;
}

/**
 * `Authorization: Bearer <token>` (RFC 6750), published as `{ type: http, scheme: bearer }`.
 *
 * @example
 * ```ts
 * serveTools(tools, { namespace: "WordBook", version: "v1", auth: { scheme: "bearer", token: process.env.WORDBOOK_TOKEN! } });
 * ```
 */
export interface BearerAuth extends AuthCommon {
  readonly scheme: "bearer";
  /** The accepted token(s), or a function that checks one. */
  readonly token: CredentialCheck;
  /** `bearerFormat` in the description, a hint such as `"JWT"` (documentation only). */
  readonly bearerFormat?: string;
}

/**
 * An API key in a header, a query parameter or a cookie, published as
 * `{ type: apiKey, in, name }`.
 *
 * @example
 * ```ts
 * serveTools(tools, { namespace: "WordBook", version: "v1", auth: { scheme: "apiKey", in: "header", name: "X-Api-Key", key: ["old", "new"] } });
 * ```
 */
export interface ApiKeyAuth extends AuthCommon {
  readonly scheme: "apiKey";
  /** Where the key is sent. */
  readonly in: "header" | "query" | "cookie";
  /**
   * The header, query parameter or cookie name (a header name is matched case-insensitively). A
   * query parameter cannot be named `version`, which every call already uses.
   */
  readonly name: string;
  /** The accepted key(s), or a function that checks one. */
  readonly key: CredentialCheck;
}

/** The authentication option of `serveTools`: one scheme, required on every tool call. */
export type ToolServerAuth = BearerAuth | ApiKeyAuth;

/**
 * What the description says about a scheme: `ToolServerAuth` without the credentials, so
 * `buildDescription` can write the same document as the server without knowing any secret.
 */
export type AuthDeclaration =
  Pick<BearerAuth, "scheme" | "schemeName" | "description" | "bearerFormat"> | Pick<ApiKeyAuth, "scheme" | "in" | "name" | "schemeName" | "description">;

/** The scheme as the description publishes it. */
export interface PublishedScheme {
  readonly name: string;
  /** An OpenAPI 3.0 Security Scheme Object. */
  readonly scheme: Record<string, string>;
}

export type AuthVerdict =
  | { readonly ok: true }
  /** `given`: a credential was sent but not accepted (RFC 6750's `invalid_token`). */
  | {
      readonly ok: false;
      readonly given: boolean;
      readonly challenge: string;
      readonly message: string;
    };

export interface AuthGuard {
  readonly published: PublishedScheme;
  check(req: IncomingMessage, query: string): Promise<AuthVerdict>;
  /** The request target as it may be logged: a key sent in the query replaced by `REDACTED`. */
  redact(target: string | undefined): string;
}

const SCHEME_NAME = /^[A-Za-z0-9._-]+$/;
/** RFC 9110 §5.6.2 token: header and cookie names. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What a header value can carry untouched: visible ASCII and inner spaces. */
const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/** The scheme name, the Security Scheme Object and the checks of its fields, without the credentials. */
export function publishedScheme(auth: AuthDeclaration): PublishedScheme {
  if (typeof auth !== "object" || auth === null) throw new TypeError('auth must be an object: { scheme: "bearer", token } or { scheme: "apiKey", in, name, key }');
  const name = auth.schemeName ?? (auth.scheme === "bearer" ? "bearerAuth" : "apiKeyAuth");
  if (typeof name !== "string" || !SCHEME_NAME.test(name)) throw new TypeError(`auth.schemeName ${JSON.stringify(name)} must be letters, digits, ".", "-" or "_"`);
  if (auth.scheme === "bearer") {
    return {
      name,
      scheme: {
        type: "http",
        scheme: "bearer",
        ...(auth.bearerFormat !== undefined ? { bearerFormat: auth.bearerFormat } : {}),
        description: auth.description ?? "Send the token as `Authorization: Bearer <token>` on every tool call.",
      },
    };
  }
  if (auth.scheme !== "apiKey") throw new TypeError(`auth.scheme must be "bearer" or "apiKey", not ${JSON.stringify((auth as { scheme: unknown }).scheme)}`);
  if (auth.in !== "header" && auth.in !== "query" && auth.in !== "cookie")
    throw new TypeError(`auth.in must be "header", "query" or "cookie", not ${JSON.stringify(auth.in)}`);
  const keyName = auth.name;
  if (typeof keyName !== "string" || keyName === "") throw new TypeError("auth.name must name the header, query parameter or cookie that carries the key");
  if (auth.in !== "query" && !TOKEN.test(keyName)) throw new TypeError(`auth.name ${JSON.stringify(keyName)} is not a valid ${auth.in} name`);
  if (auth.in === "query" && !PRINTABLE.test(keyName)) throw new TypeError(`auth.name ${JSON.stringify(keyName)} must be printable ASCII`);
  if (auth.in === "query" && keyName === "version") throw new TypeError('auth.name cannot be "version": every call already sends ?version=');
  const where = auth.in === "header" ? `the header \`${keyName}\`` : auth.in === "query" ? `the query parameter \`${keyName}\`` : `the cookie \`${keyName}\``;
  return {
    name,
    scheme: {
      type: "apiKey",
      in: auth.in,
      name: keyName,
      description: auth.description ?? `Send the API key in ${where} on every tool call.`,
    },
  };
}

/** Checks the option once, at start-up, and builds the per-request check. */
export function createAuthGuard(auth: ToolServerAuth, defaultRealm: string): AuthGuard {
  const published = publishedScheme(auth);
  const realm = auth.realm ?? asciiRealm(defaultRealm);
  if (typeof realm !== "string" || !PRINTABLE.test(realm)) throw new TypeError("auth.realm must be printable ASCII");
  const quotedRealm = `realm="${realm.replace(/["\\]/g, "\\$&")}"`;
  const accepts = credentialCheck(
    auth.scheme === "bearer" ? auth.token : auth.key,
    auth.scheme === "bearer" ? "auth.token" : "auth.key",
    auth.scheme === "apiKey" && auth.in === "query",
  );

  if (auth.scheme === "bearer") {
    const challenge = `Bearer ${quotedRealm}`;
    return {
      published,
      redact: (target) => target ?? "",
      async check(req) {
        const token = bearerToken(req.headers.authorization);
        if (token === undefined) {
          // RFC 6750 §3.1: no credentials, or another scheme, gets a challenge without an error code.
          return {
            ok: false,
            given: false,
            challenge,
            message: "this tool server needs a bearer token: send Authorization: Bearer <token>",
          };
        }
        if (token !== "" && (await accepts(token))) return { ok: true };
        return {
          ok: false,
          given: true,
          challenge: `${challenge}, error="invalid_token", error_description="the token is not accepted"`,
          message: "the bearer token is not accepted",
        };
      },
    };
  }

  const { in: where, name } = auth;
  const challenge = `ApiKey ${quotedRealm}, in="${where}", name="${name.replace(/["\\]/g, "\\$&")}"`;
  const what = where === "header" ? `the ${name} header` : where === "query" ? `the ${name} query parameter` : `the ${name} cookie`;
  const headerName = name.toLowerCase();
  return {
    published,
    redact: where === "query" ? (target) => redactQuery(target ?? "", name) : (target) => target ?? "",
    async check(req, query) {
      const key = where === "header" ? headerValue(req.headers[headerName]) : where === "query" ? queryValue(query, name) : cookieValue(req.headers.cookie, name);
      if (key === undefined || key === "")
        return {
          ok: false,
          given: false,
          challenge,
          message: `this tool server needs an API key: send it in ${what}`,
        };
      if (await accepts(key)) return { ok: true };
      return {
        ok: false,
        given: true,
        challenge,
        message: `the API key in ${what} is not accepted`,
      };
    },
  };
}

/** A function that resolves to whether a credential is accepted; fixed ones compared in constant time. */
function credentialCheck(check: CredentialCheck, field: string, urlEncoded: boolean): (credential: string) => Promise<boolean> {
  if (typeof check === "function") {
    return async (credential) => (await check(credential)) === true;
  }
  const list: readonly unknown[] = typeof check === "string" ? [check] : Array.isArray(check) ? check : [];
  if (list.length === 0) throw new TypeError(`${field} must be a string, a non-empty array of strings, or a function`);
  for (const value of list) {
    if (typeof value !== "string" || value === "") throw new TypeError(`${field}: every accepted credential must be a non-empty string`);
    // A header or cookie cannot carry control characters or outer spaces: such a value could never match.
    if (!urlEncoded && !PRINTABLE.test(value))
      throw new TypeError(`${field}: a credential must be printable ASCII without leading or trailing spaces (a header cannot carry anything else)`);
  }
  const digests = list.map((value) => digest(value as string));
  return async (credential) => {
    const given = digest(credential);
    let found = false;
    for (const accepted of digests) found = timingSafeEqual(given, accepted) || found; // no early exit
    return found;
  };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * `Bearer <token>` (scheme case-insensitive, RFC 9110 §11.1), or the hosted protocol's
 * `token <token>`: the reference client sends its access token that way, and must be able to call
 * a secured tool manager. Anything else is no bearer token.
 */
function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^(?:bearer|token)(?: +(.*))?$/i.exec(header.trim());
  if (!match) return undefined;
  return (match[1] ?? "").trim(); // "" when the scheme came without a token: given, and wrong
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value.trim() : undefined;
}

/** The first occurrence of the parameter; undefined when absent or malformed. */
function queryValue(query: string, name: string): string | undefined {
  if (query === "") return undefined;
  try {
    return new URLSearchParams(query).get(name) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The first cookie of that name (RFC 6265 §5.4: `a=1; b=2`); a quoted value loses its quotes. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}

/** `/a?version=v1&api_key=s3cret` -> `/a?version=v1&api_key=REDACTED`. */
function redactQuery(target: string, name: string): string {
  const at = target.indexOf("?");
  if (at < 0) return target;
  const parts = target
    .slice(at + 1)
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      let key = eq < 0 ? part : part.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, " "));
      } catch {
        // undecodable: compared as written
      }
      return key === name ? `${part.slice(0, eq < 0 ? part.length : eq)}=REDACTED` : part;
    });
  return `${target.slice(0, at)}?${parts.join("&")}`;
}

/** A namespace may be any Unicode; a header value may not. */
function asciiRealm(namespace: string): string {
  return namespace.replace(/[^\x20-\x7e]+/g, (text) => encodeURIComponent(text));
}
