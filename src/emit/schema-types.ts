/**
 * `schema.ts`: the description's types, written by openapi-typescript (`paths`, `components`,
 * `operations`). It is handed the already bundled document and run through its transform
 * directly, not its CLI entry: load has parsed and resolved everything, and skipping the second
 * parse, lint and bundle (Redocly) is most of what keeps toolgen within openapi-typescript's own
 * time on the GitHub description.
 */
import ts from "typescript";
import { astToString, resolveRef, scanDiscriminators, transformSchema } from "openapi-typescript";
import type { OpenAPI3, OpenAPITSOptions } from "openapi-typescript";
import type { ToolkitModel } from "../model/toolkit-model.js";
import { isObject } from "../model/local-ref.js";

type TransformContext = Parameters<typeof transformSchema>[1];

const BLOB = ts.factory.createTypeReferenceNode("Blob");

export function emitSchemaTypes(model: ToolkitModel): string {
  const schema = withUniqueOperationIds(model) as unknown as OpenAPI3;
  const options: OpenAPITSOptions = { silent: true };
  const ctx: TransformContext = {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: scanDiscriminators(schema, options),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: undefined as unknown as TransformContext["redoc"],
    silent: true,
    inject: undefined,
    // Binary fields are sent and received as Blobs by the runtime (multipart parts, octet-stream
    // answers), so their type must say Blob, not the `string` JSON Schema would suggest.
    transform(node: unknown) {
      if (isObject(node) && node.type === "string" && node.format === "binary") return BLOB;
      return undefined;
    },
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve($ref: string) {
      return resolveRef(schema, $ref, { silent: true });
    },
  } as unknown as TransformContext;
  return astToString(transformSchema(schema, ctx));
}

/**
 * openapi-typescript files operations under `operations[operationId]`; two operations with one id
 * would overwrite each other. Later holders lose their id in the copy given to it, which makes
 * it type them in place under `paths` instead (the generated code always reaches types through
 * `paths[path][method]`, so nothing else changes).
 */
function withUniqueOperationIds(model: ToolkitModel): Record<string, unknown> {
  const seen = new Set<string>();
  const duplicates = model.operations.filter((op) => {
    if (op.operationId === undefined) return false;
    if (seen.has(op.operationId)) return true;
    seen.add(op.operationId);
    return false;
  });
  if (duplicates.length === 0) return model.document;
  const paths = { ...(model.document.paths as Record<string, unknown>) };
  for (const op of duplicates) {
    const item = { ...(paths[op.path] as Record<string, unknown>) };
    const { operationId: _dropped, ...rest } = item[op.method] as Record<string, unknown>;
    item[op.method] = rest;
    paths[op.path] = item;
  }
  return { ...model.document, paths };
}
