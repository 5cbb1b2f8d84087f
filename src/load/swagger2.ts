/**
 * Swagger 2.0 in, OpenAPI 3.0 out, so that model, emit, tool names and diff see one format.
 * The conversion is swagger2openapi's (`convertObj` with `patch` and `warnOnly`: real 2.0 files
 * have defects it can repair, and without them many stop at the first one). It is given the
 * description after toolgen bundled it, never a file name or URL: every document is read by
 * toolgen's reader, under its `$ref` rules, cache and lock hashes.
 */
import { BadInputError } from "./bad-input-error.js";
import { encodePointerSegment, resolvePointer } from "./json-pointer.js";
import { markOrigins, MS_PATHS, OriginMap, WARNING_KEY } from "./swagger2-origins.js";
import { checkSwagger2Shape } from "./swagger2-shape.js";

type Json = Record<string, unknown>;

export interface ConvertedSwagger2 {
  readonly document: Json;
  /** A pointer into `document` -> the same place in the 2.0 description. */
  readonly originalPointer: (pointer: string) => string;
  /** What the converter repaired or could not carry over, each naming its place in 2.0 terms. */
  readonly warnings: readonly string[];
}

/** swagger2openapi's version, for the message saying the description was converted. */
export const CONVERTER = "swagger2openapi 7.0.8";

export async function convertSwagger2(document: Json, sourceText: string, file: string): Promise<ConvertedSwagger2> {
  checkSwagger2Shape(document, file);
  const marked = markOrigins(document);
  dropFixedQueryParameters(marked.document);
  // Read before converting: the converter edits these parameters in the document it is given.
  const hostVariables = variablesWithoutDefault(marked.document);
  // Loaded only for a 2.0 description: the package adds a `toCamelCase` method to String.prototype.
  const { default: swagger2openapi } = await import("swagger2openapi");
  let converted: Json;
  const warn = console.warn;
  try {
    // On a failure the converter prints the whole exception with console.warn before rejecting;
    // toolgen reports it as one line instead.
    console.warn = () => {};
    converted = await swagger2openapi.convertObj(marked.document, {
      patch: true,
      warnOnly: true,
      warnProperty: WARNING_KEY,
      anchors: true,
      direct: true,
      // Only kept by the converter; without it, it serialises the whole document to YAML first.
      text: sourceText,
    });
  } catch (error) {
    throw new BadInputError(`swagger2openapi could not convert this Swagger 2.0 description: ${error instanceof Error ? error.message : String(error)}`, file, { cause: error });
  } finally {
    console.warn = warn;
  }
  const clashes = mergeMsPaths(converted);
  const hostless = dropInventedHosts(converted, hostVariables);
  const origins = new OriginMap(converted, marked);
  const originalPointer = (pointer: string): string => origins.originalPointer(pointer);
  const warnings = origins.warnings.map((w) => `${file}${originalPointer(w.pointer)}: ${w.message} (${CONVERTER})`);
  for (const path of clashes) {
    warnings.push(`${file}#/${MS_PATHS}/${encodePointerSegment(path)}: left out, paths has the same key`);
  }
  if (hostless) {
    warnings.push(`${file}#/x-ms-parameterized-host: the host is a parameter with no default (${hostVariables.template}): pass baseUrl when calling`);
  }
  return { document: converted, originalPointer, warnings };
}

interface HostVariables {
  readonly template: string;
  /** Variables of the host template that have neither a default nor an enum. */
  readonly names: ReadonlySet<string>;
}

function variablesWithoutDefault(document: Json): HostVariables {
  const host = document["x-ms-parameterized-host"];
  const names = new Set<string>();
  if (!isRecord(host) || !Array.isArray(host.parameters)) return { template: "", names };
  for (const entry of host.parameters as unknown[]) {
    const parameter = isRecord(entry) && typeof entry.$ref === "string" ? resolvePointer(document, entry.$ref.replace(/^#/, "")) : entry;
    if (isRecord(parameter) && parameter.default === undefined && !Array.isArray(parameter.enum)) names.add(String(parameter.name));
  }
  return { template: String(host.hostTemplate), names };
}

/**
 * For AutoRest's `x-ms-parameterized-host` (`hostTemplate: "{url}"`) swagger2openapi makes a server
 * whose variable defaults to the text "none" when the description gives no default, and the
 * client would then call `none/…`. Such servers are dropped. Returns true when none is left (the
 * model then asks for a baseUrl).
 */
function dropInventedHosts(converted: Json, host: HostVariables): boolean {
  if (host.names.size === 0 || !Array.isArray(converted.servers)) return false;
  const servers = (converted.servers as unknown[]).filter((server) => {
    const variables = isRecord(server) && isRecord(server.variables) ? server.variables : {};
    return !Object.entries(variables).some(([name, variable]) => host.names.has(name) && isRecord(variable) && variable.default === "none");
  });
  if (servers.length > 0) {
    converted.servers = servers;
    return false;
  }
  delete converted.servers;
  return true;
}

/**
 * An `x-ms-paths` key fixes some query parameters (`?restype=container&comp=metadata`); the
 * operations under it declare the same names again as required one-value parameters. The path
 * keeps the fixed part, so those parameters are taken out: the caller is not asked for a value
 * the path already sends, and the URL does not carry it twice.
 */
function dropFixedQueryParameters(document: Json): void {
  const paths = document[MS_PATHS];
  if (typeof paths !== "object" || paths === null) return;
  for (const [path, item] of Object.entries(paths as Json)) {
    const query = path.indexOf("?");
    if (query < 0 || typeof item !== "object" || item === null) continue;
    const fixed = new Set(new URLSearchParams(path.slice(query + 1)).keys());
    const isFixed = (entry: unknown): boolean => {
      const parameter = isRecord(entry) && typeof entry.$ref === "string" ? resolvePointer(document, entry.$ref.replace(/^#/, "")) : entry;
      return isRecord(parameter) && parameter.in === "query" && fixed.has(String(parameter.name));
    };
    for (const holder of [item as Json, ...METHODS.map((method) => (item as Json)[method])]) {
      if (isRecord(holder) && Array.isArray(holder.parameters)) holder.parameters = holder.parameters.filter((entry) => !isFixed(entry));
    }
  }
}

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch"] as const;

/**
 * AutoRest's `x-ms-paths` holds operations whose path carries a fixed query part
 * (`/{containerName}?restype=container`), which `paths` cannot tell apart; Azure Blob Storage has
 * all 69 of its operations there. They become ordinary paths with the query part kept in the
 * path (the runtime joins the call's own query with `&`). Returns the keys `paths` already had.
 * (Marks put on them before conversion still name `#/x-ms-paths/…`.)
 */
function mergeMsPaths(converted: Json): string[] {
  const extra = converted[MS_PATHS];
  delete converted[MS_PATHS];
  if (typeof extra !== "object" || extra === null) return [];
  const paths = (converted.paths ??= {}) as Json;
  const clashes: string[] = [];
  for (const [path, item] of Object.entries(extra as Json)) {
    if (!path.startsWith("/")) continue;
    if (Object.hasOwn(paths, path)) clashes.push(path);
    else paths[path] = item;
  }
  return clashes;
}
