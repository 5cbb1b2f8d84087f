/** The secret strings a request carries (longest first, so a token inside a header value goes too). */
export declare function secretsOf(headers: Readonly<Record<string, string>>, token: string | undefined): string[];
export declare function redact<T>(value: T, secrets: readonly string[]): T;
