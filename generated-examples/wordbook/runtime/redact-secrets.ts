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
 * A server that fails may echo the request back, credentials included ("invalid token abc…").
 * Error messages and bodies end up in logs, so the credentials this call sent are blanked out of
 * them: the token, and the value of every header whose name says it is a secret.
 */
const SECRET_HEADER = /authorization|token|secret|password|api[-_]?key|cookie|session/i;
const REDACTED = "[redacted]";

/**
 * The secret strings a request carries (longest first, so a token inside a header value goes
 * too). `credentials`: values known to be secrets (a security scheme's), kept down to 4 characters.
 */
export function secretsOf(headers: Readonly<Record<string, string>>, token: string | undefined, credentials: readonly string[] = []): string[] {
  const found = new Set<string>();
  if (token) found.add(token);
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADER.test(name)) continue;
    found.add(value);
    // "token abc" / "Bearer abc": the credential alone may be echoed too.
    const credential = value.split(" ").pop();
    if (credential) found.add(credential);
  }
  // Very short values would blank out ordinary words; they are not worth a guess.
  const guessed = [...found].filter((secret) => secret.length >= 8);
  const known = credentials.filter((secret) => secret.length >= 4);
  return [...new Set([...guessed, ...known])].sort((a, b) => b.length - a.length);
}

export function redact<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  if (typeof value === "string") return secrets.reduce<string>((text, secret) => text.split(secret).join(REDACTED), value) as T;
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets)) as T;
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [redact(key, secrets), redact(item, secrets)])) as T;
  }
  return value;
}
