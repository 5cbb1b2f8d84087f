/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * Style serialisation of one parameter value (OpenAPI 3.0 §4.7.12.4 "Style Values"), shared by
 * path, query, header and cookie parameters. Values are percent-encoded with `encode`; names are
 * encoded by the caller.
 */
import type { ParameterStyle } from "./operation.js";
export type Encode = (text: string) => string;
/** RFC 3986 unreserved characters stay; everything else is percent-encoded (also `!'()*`). */
export declare const encodeStrict: Encode;
/** `allowReserved`: RFC 3986 reserved characters (`:/?#[]@!$&'()*+,;=`) stay as they are. */
export declare const encodeReserved: Encode;
export declare function primitiveText(value: unknown): string;
/**
 * Serialises `value` for `name`: returns the text that goes after the parameter's place
 * (the whole `name=value&…` run for form styles, the bare value for simple).
 */
export declare function serializeStyled(name: string, value: unknown, style: ParameterStyle, explode: boolean, encode: Encode): string;
/**
 * deepObject (§4.7.12.4) only defines one level; nested objects and arrays follow the bracket
 * convention Stripe and Rails use: `filter[owner][name]=x`, `items[0][price]=p`.
 */
export declare function deepObjectPairs(name: string, value: unknown, encode: Encode): string[];
