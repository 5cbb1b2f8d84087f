/**
 * The secret strings a request carries (longest first, so a token inside a header value goes
 * too). `credentials`: values known to be secrets (a security scheme's), kept down to 4 characters.
 */
export declare function secretsOf(headers: Readonly<Record<string, string>>, token: string | undefined, credentials?: readonly string[]): string[];
export declare function redact<T>(value: T, secrets: readonly string[]): T;
