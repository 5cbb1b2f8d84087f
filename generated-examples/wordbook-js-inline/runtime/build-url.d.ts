/**
 * The request URL: base address + path with its parameters substituted, then the query
 * parameters, then `version=<info.version>` last (the tool-server protocol appends it to every
 * call; it goes after the others so servers that read the last value see the right one). A
 * description whose info.version is empty gets no `version=`, and a URL with no query no `?`.
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
