/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The request URL: base address + path with its parameters substituted, then the query
 * parameters (or OpenAPI 3.2's one `querystring` parameter), then `version=<info.version>` last
 * (the tool-server protocol appends it to every call; it goes after the others so servers that
 * read the last value see the right one). A description whose info.version is empty gets no
 * `version=`, and a URL with no query no `?`.
 */
import type { OperationSpec } from "./operation.js";
export declare function buildUrl(baseUrl: string, op: OperationSpec, input: Record<string, unknown>, version: string): string;
/**
 * The URL with `name=value` pairs (already encoded) added to its query. A path with a fixed query
 * part (Azure's x-ms-paths, `/{container}?restype=container`) keeps it.
 */
export declare function withQuery(url: string, pairs: readonly string[]): string;
/**
 * The URL without the query pairs named `names` (names as written, compared decoded): a
 * credential the runtime adds for a query apiKey scheme replaces a parameter of the same name
 * the input also carried, so the server never sees two values and picks the wrong one.
 */
export declare function withoutQueryNames(url: string, names: readonly string[]): string;
