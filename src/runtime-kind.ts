/**
 * Where generated code gets its runtime. `inline` is the default: the output carries its own copy
 * of the runtime, so an app can keep toolgen a dev dependency and deploy with no package at all
 * (docs/deployment.md; the same choice as hey-api's bundled client).
 * `package` imports `toolgen/runtime`, for apps that keep toolgen as a dependency anyway.
 */
export type RuntimeKind = "package" | "inline";

export const DEFAULT_RUNTIME: RuntimeKind = "inline";
