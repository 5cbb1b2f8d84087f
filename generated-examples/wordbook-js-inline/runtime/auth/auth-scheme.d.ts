/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Security schemes as the runtime applies them (OpenAPI 3.0 §4.7.27 "Security Scheme Object"),
 * and the credentials a caller supplies for them. Plain data: generated code writes the schemes
 * of its description as a literal, `loadToolkit` reads them from the description at run time.
 */
/** How one scheme puts its credential on a request. */
export type AuthScheme = 
/** An API key under a declared name (§4.7.27: `in` is header, query or cookie). */
{
    readonly type: "apiKey";
    readonly in: "header" | "query" | "cookie";
    readonly name: string;
}
/** `Authorization: <scheme> <credential>` (RFC 9110 §11.6.2); `scheme` as declared, e.g. `bearer`, `basic`. */
 | {
    readonly type: "http";
    readonly scheme: string;
}
/** The access token the flow produced, sent as a Bearer token (RFC 6750 §2.1). */
 | {
    readonly type: "oauth2";
} | {
    readonly type: "openIdConnect";
};
/** `http` `basic` credentials (RFC 7617), encoded by the runtime. */
export interface BasicCredentials {
    readonly username: string;
    readonly password: string;
}
/**
 * A credential, or a function giving it (or a Promise of it), called once per call that needs
 * it: a token that expires can be refreshed there. Its error fails the call (code `AUTH`).
 */
export type Credential<T> = T | (() => T | Promise<T>);
/** Credentials by scheme name, as `configure({ auth })` and `options.auth` take them untyped. */
export type AuthValues = {
    readonly [scheme: string]: Credential<string> | Credential<BasicCredentials> | undefined;
};
/**
 * One alternative of a Security Requirement (§4.7.30): the names of the schemes that must all be
 * applied together. An empty one makes credentials optional.
 */
export type SecurityAlternative = readonly string[];
