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
import type { AuthScheme, AuthValues, SecurityAlternative } from "./auth-scheme.js";
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
/** Thrown when a credential function fails; request() turns it into a ToolCallError (code AUTH). */
export declare class CredentialFailed extends Error {
    readonly scheme: string;
    constructor(scheme: string, cause: unknown);
}
export declare function applyAuth(schemes: Readonly<Record<string, AuthScheme>> | undefined, security: readonly SecurityAlternative[] | undefined, auth: AuthValues | undefined, encode: (text: string) => string): Promise<AppliedAuth>;
/** "api_key" or "oauth (scopes…) and basic": the alternatives, for a 401/403 message. */
export declare function describeAlternatives(alternatives: readonly SecurityAlternative[]): string;
