/**
 * `schema.ts`: the description's types, written by openapi-typescript (`paths`, `components`,
 * `operations`). It is handed the already bundled document and run through its transform
 * directly, not its CLI entry: load has parsed and resolved everything, and skipping the second
 * parse, lint and bundle (Redocly) is most of what keeps toolgen within openapi-typescript's own
 * time on the GitHub description.
 *
 * `defaultNonNullable` types a property with a `default` as present, which is right for answers
 * only; readOnly properties travel in answers only and writeOnly ones in requests only (OpenAPI
 * 3.0.3 §4.7.24). So the answer side is typed without writeOnly properties, the request side
 * without readOnly ones, and the request forms of the component schemas that differ are typed a
 * second time, as `requestComponents` (request-schemas.ts, one-way-properties.ts).
 */
import { resolveRef, transformComponentsObject, transformSchema } from "./openapi-typescript-transform.js";
import { printSchemaNodes } from "./schema-printer.js";
import { scanDiscriminatorsInView } from "./discriminator-scan.js";
import { ts, type TS } from "./typescript-compiler.js";
import type { OpenAPI3, OpenAPITSOptions } from "openapi-typescript";
import type { ToolkitModel } from "../model/toolkit-model.js";
import { decodePointer } from "../load/json-pointer.js";
import { getPointer, isObject } from "../model/local-ref.js";
import { answerSide, memoized } from "./one-way-properties.js";
import { REQUEST_COMPONENTS, requestSide, type RequestSide } from "./request-schemas.js";
import { withStringCommentFields } from "./comment-fields.js";
import { safeSchemaAst } from "./schema-ast.js";
import { printedCode, type Code } from "./ts-text.js";
import { withTolerantUriDecoding } from "./tolerant-uri-decoding.js";
import { withMemoizedRefParsing } from "./memoized-ref-parsing.js";
import { RECURSIVE_ARRAY } from "../model/types-document/recursive-arrays.js";
import { typesPlace } from "../model/types-document/openapi-32-shape.js";
import { RecursiveArrayInterfaces } from "./recursive-array-interfaces.js";
import { withoutUnreferencedComponents } from "./unreferenced-components.js";

type TransformContext = Parameters<typeof transformSchema>[1];
type TransformOptions = Parameters<RecursiveArrayInterfaces["reference"]>[1];

const BLOB = ts.factory.createTypeReferenceNode("Blob");

/**
 * `print` is the printer; the default is ours (schema-printer.ts), and its test passes
 * openapi-typescript's own `astToString` to compare the two.
 */
export function emitSchemaTypes(model: ToolkitModel, print: (nodes: TS.Node[]) => string = printSchemaNodes): Code {
  const unique = withDiscriminatorTargetsCopied(withStringCommentFields(withoutUnreferencedComponents(withUniqueOperationIds(model))));
  const options: OpenAPITSOptions = { silent: true };
  // Before the request forms are copied: the scan writes discriminator values into the schemas.
  const discriminators = withTolerantUriDecoding(() => scanDiscriminatorsInView(unique, options));
  const request = requestSide(unique);
  aliasDiscriminators(discriminators, request);
  // After the request forms were taken from components.schemas, which becomes the answers' form.
  const document = answerSide(request.document, memoized((ref) => getPointer(unique, ref)));
  const schema = document as unknown as OpenAPI3;
  const hasRequestForms = Object.keys(request.schemas).length > 0;
  const refRoot = hasRequestForms ? { ...document, [REQUEST_COMPONENTS]: { schemas: request.schemas } } : schema;
  const recursiveArrays = new RecursiveArrayInterfaces();
  const ctx: TransformContext = {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators,
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
    transform(node: unknown, options: TransformOptions) {
      if (isObject(node) && node.type === "string" && node.format === "binary") return BLOB;
      if (isObject(node) && node[RECURSIVE_ARRAY] === true && node.type === "array") return recursiveArrays.reference(node, options);
      return undefined;
    },
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    // Memoized: GitHub's transform resolves the same few hundred $refs thousands of times, and
    // each resolution parses the pointer again.
    resolve: memoized(($ref) => resolveRef(refRoot, $ref, { silent: true })),
  } as unknown as TransformContext;
  // First, so the helper types it needs (WithRequired) join transformSchema's footer.
  const requestForms = hasRequestForms ? inTransform(() => requestComponentsDeclaration(request, ctx)) : undefined;
  const nodes = inTransform(() => transformSchema(schema, ctx));
  nodes.push(...recursiveArrays.declarations);
  if (requestForms) {
    const at = nodes.findIndex((n) => (ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) && n.name.text === "components");
    nodes.splice(at + 1, 0, requestForms);
  }
  const text = print(nodes);
  const safe = safeSchemaAst(nodes, text);
  return printedCode(safe === nodes ? text : print(safe));
}

/** How openapi-typescript's transform runs: undecodable segments kept, pointers parsed once. */
function inTransform<T>(run: () => T): T {
  return withTolerantUriDecoding(() => withMemoizedRefParsing(run));
}

/**
 * `export interface requestComponents { schemas: { ... } }`: the request forms, typed by the same
 * transform as `components` with `defaultNonNullable` off (and at the same paths, so
 * discriminators are found as they are for the answer's form).
 */
function requestComponentsDeclaration(request: RequestSide, ctx: TransformContext): TS.InterfaceDeclaration {
  const [literal] = transformComponentsObject({ schemas: request.schemas } as never, { ...ctx, defaultNonNullable: false });
  const schemas = (literal as TS.TypeLiteralNode).members.filter(
    (m) => ts.isPropertySignature(m) && ts.isIdentifier(m.name) && m.name.text === "schemas",
  );
  const declaration = ts.factory.createInterfaceDeclaration(
    [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
    REQUEST_COMPONENTS,
    undefined,
    undefined,
    schemas,
  );
  return ts.addSyntheticLeadingComment(
    declaration,
    ts.SyntaxKind.MultiLineCommentTrivia,
    "*\n * Request forms of the `components[\"schemas\"]` entries that differ in a request: a property with\n" +
      " * a `default` is optional here unless `required` lists it (the server fills it in), while in\n" +
      " * `components`, the form of answers, it is always present; readOnly properties are left out\n" +
      " * here and writeOnly ones kept, `components` the other way round. Request bodies and\n" +
      " * parameters refer to these.\n ",
    true,
  );
}

/**
 * openapi-typescript finds discriminators by `$ref` as well as by path: a request form's `$ref`s
 * point at `requestComponents`, so each entry for a schema with a request form gets a twin there.
 */
function aliasDiscriminators(discriminators: TransformContext["discriminators"], request: RequestSide): void {
  for (const [ref, discriminator] of Object.entries(discriminators.objects)) {
    const alias = request.requestRef(ref);
    if (alias !== undefined) discriminators.objects[alias] = discriminator;
  }
  for (const ref of [...discriminators.refsHandled]) {
    const alias = request.requestRef(ref);
    if (alias !== undefined) discriminators.refsHandled.push(alias);
  }
}

/**
 * openapi-typescript files operations under `operations[operationId]`; two operations with one id
 * would overwrite each other. Later holders lose their id in the copy given to it, which makes
 * it type them in place under `paths` instead (the generated code always reaches types through
 * `paths[path][method]`, so nothing else changes).
 */
/**
 * openapi-typescript's `scanDiscriminators` writes into the schemas a discriminator maps to (it
 * pushes an `allOf` entry or adds the property). Those few schemas are copied first, so the
 * model's document is left as it was and emitting twice from one model gives the same text
 * (the programmatic API allows it; before, each run added the enum again).
 */
function withDiscriminatorTargetsCopied(document: Record<string, unknown>): Record<string, unknown> {
  const components = document.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas = components?.schemas;
  if (!isObject(schemas)) return document;
  const targets = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    const discriminator = (node as { discriminator?: unknown }).discriminator;
    if (isObject(discriminator)) {
      const refs = [...(Array.isArray((node as { oneOf?: unknown }).oneOf) ? ((node as { oneOf: unknown[] }).oneOf) : []).map((item) => (isObject(item) ? item.$ref : undefined)), ...Object.values(isObject(discriminator.mapping) ? discriminator.mapping : {})];
      for (const ref of refs) {
        const [components, schemasKey, name] = typeof ref === "string" && ref.startsWith("#/") ? decodePointer(ref.slice(1)) : [];
        if (components === "components" && schemasKey === "schemas" && name !== undefined) targets.add(name);
      }
    }
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (typeof child === "object" && child !== null) stack.push(child);
    }
  }
  if (targets.size === 0) return document;
  const copied = { ...schemas };
  for (const name of targets) if (copied[name] !== undefined) copied[name] = structuredClone(copied[name]);
  return { ...document, components: { ...components, schemas: copied } };
}

function withUniqueOperationIds(model: ToolkitModel): Record<string, unknown> {
  const seen = new Set<string>();
  const duplicates = model.operations.filter((op) => {
    if (op.operationId === undefined) return false;
    if (seen.has(op.operationId)) return true;
    seen.add(op.operationId);
    return false;
  });
  const document = model.typesDocument ?? model.document;
  if (duplicates.length === 0) return document;
  const paths = { ...(document.paths as Record<string, unknown>) };
  for (const op of duplicates) {
    const place = typesPlace(op.path, op.method);
    const item = { ...(paths[place.path] as Record<string, unknown>) };
    const { operationId: _dropped, ...rest } = item[place.method] as Record<string, unknown>;
    item[place.method] = rest;
    paths[place.path] = item;
  }
  return { ...document, paths };
}
