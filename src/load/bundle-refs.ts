/**
 * Bundles external `$ref`s into the root document so every `$ref` left is local (`#/...`).
 * Relative refs resolve against the URL of the document that holds them (`new URL(ref, docUrl)`),
 * so a multi-file description works the same from disk (file: URLs) and over HTTP.
 *
 * A ref at a schema position is hoisted into `components.schemas` under a name taken from the
 * target (the pointer's last segment, else the file's base name) and referred to by name: types
 * keep names and recursive schemas across files stay finite. Any other external ref (path item,
 * parameter, response, request body, example) is inlined by value. Keys beside a `$ref` are
 * dropped, as OpenAPI 3.0 §4.7.23 says they are ignored. A Swagger 2.0 description is bundled the
 * same way before it is converted, with `definitions` as the home of hoisted schemas, so every
 * file is read by toolgen's reader and every error names a place in the 2.0 document.
 *
 * OpenAPI 3.2's `$self` is a document's own URI and the base of its relative references (3.2,
 * "Establishing the Base URI"); a relative `$self` is resolved against the URL the document was
 * read from. A reference resolves against that base, and a reference to a document's `$self`
 * (its identity, "references MUST use the target document's `$self` URI") reaches the document
 * already read under its retrieval URL. Where a reference then leads is read like any other:
 * ref-scope.ts decides whether it may be.
 */
import { fileURLToPath } from "node:url";
import { BadInputError } from "./bad-input-error.js";
import { GIT_REVISION_PROTOCOL, gitRevisionName } from "./git-revision.js";
import { decodePointer, encodePointerSegment, resolvePointer } from "./json-pointer.js";
import type { BundleOrigin } from "./source-places.js";

type Json = Record<string, unknown>;
type Kind = "schema" | "schemaMap" | "schemaList" | "other" | "data";

/** Keys of a Schema Object whose values are schemas / maps of schemas / lists of schemas. */
const SCHEMA_KEYS = new Set(["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "additionalItems"]);
const SCHEMA_MAP_KEYS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SCHEMA_LIST_KEYS = new Set(["allOf", "oneOf", "anyOf", "prefixItems"]);
const SCHEMA_DATA_KEYS = new Set(["example", "examples", "default", "enum", "const", "x-examples"]);
export const MAX_EXTERNAL_DOCUMENTS = 10_000;

export type ReadDocument = (url: string) => Promise<unknown>;

/** Where the document keeps its named schemas: OpenAPI 3 `components.schemas`, Swagger 2.0 `definitions`. */
export type SchemaHome = "components" | "definitions";

/**
 * A URL or file as shown in messages: a file as its path, a document of a git revision as
 * `<rev>:<path>`, a URL without any user:password part.
 */
export function displayName(url: string): string {
  if (url.startsWith("file:")) return fileURLToPath(url);
  if (url.startsWith(GIT_REVISION_PROTOCOL)) return gitRevisionName(url);
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(url)) return url;
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.href;
  } catch {
    return url;
  }
}

/**
 * `origins`, when given, receives each node copied in from another document (or from another
 * place, by a `$ref` into the same one) with the document and pointer it was copied from, so
 * source-places.ts can name the place a user wrote.
 */
export async function bundleRefs(
  root: Json,
  rootUrl: string,
  read: ReadDocument,
  home: SchemaHome = "components",
  origins?: WeakMap<object, BundleOrigin>,
): Promise<Json> {
  const documents = await loadReferencedDocuments(root, rootUrl, read);
  if (!documents.referencesByUri) {
    // No reference names a document: nothing to copy, only local refs to check (the GitHub case).
    checkLocalRefs(root, rootUrl);
    return root;
  }
  return new Bundler(root, rootUrl, documents, home, origins).run();
}

type Loaded = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The documents of a description: each by the URL it was read from, with its base URI. */
interface Documents {
  readonly loaded: Map<string, Loaded>;
  /** Retrieval URL → base URI, where `$self` makes them differ. */
  readonly bases: Map<string, string>;
  /** A document's `$self` (resolved) → the URL it was read from. */
  readonly identities: Map<string, string>;
  /** Whether any `$ref` has a part before `#` (a document named, maybe the root itself). */
  referencesByUri: boolean;
}

/**
 * The base URI of a document read from `url`: its `$self` resolved against `url` (an OpenAPI
 * document's field only; a schema document's `$id` is not read), else `url`. A `$self` that is
 * no URI reference is left unused rather than refused: the retrieval URL is a working base.
 */
function baseOf(document: unknown, url: string): string {
  if (typeof document !== "object" || document === null || Array.isArray(document)) return url;
  const self = (document as Json).$self;
  if (typeof self !== "string" || typeof (document as Json).openapi !== "string") return url;
  try {
    const base = new URL(self, url);
    base.hash = "";
    return base.href;
  } catch {
    return url;
  }
}

function remember(documents: Documents, url: string, document: unknown): void {
  const base = baseOf(document, url);
  if (base === url) return;
  documents.bases.set(url, base);
  if (!documents.identities.has(base)) documents.identities.set(base, url);
}

/** The URL to read a reference's document from: a known identity's retrieval URL, else the URI itself. */
function retrievalOf(documents: Documents, uri: string): string {
  return documents.identities.get(uri) ?? uri;
}

/**
 * Every document reachable through external refs, read breadth-first with each level in
 * parallel, so the bundling walk itself can be synchronous (an async step per node would make a
 * 13 MB description crawl).
 */
async function loadReferencedDocuments(root: Json, rootUrl: string, read: ReadDocument): Promise<Documents> {
  const documents: Documents = { loaded: new Map([[rootUrl, { ok: true, value: root }]]), bases: new Map(), identities: new Map(), referencesByUri: false };
  remember(documents, rootUrl, root);
  let frontier: [string, unknown][] = [[rootUrl, root]];
  while (frontier.length > 0) {
    const wanted = new Set<string>();
    for (const [url, document] of frontier) {
      const base = documents.bases.get(url) ?? url;
      for (const ref of externalRefs(document)) {
        documents.referencesByUri = true;
        let target: string;
        try {
          target = retrievalOf(documents, new URL(ref, base).href);
        } catch {
          continue;
        }
        if (!documents.loaded.has(target)) wanted.add(target);
      }
    }
    if (documents.loaded.size + wanted.size > MAX_EXTERNAL_DOCUMENTS) {
      throw new BadInputError(`more than ${MAX_EXTERNAL_DOCUMENTS} external documents are referenced`, displayName(rootUrl));
    }
    const batch = [...wanted];
    const results = await Promise.all(
      batch.map((url) => read(url).then((value): Loaded => ({ ok: true, value }), (error: unknown): Loaded => ({ ok: false, error }))),
    );
    frontier = [];
    batch.forEach((url, i) => {
      documents.loaded.set(url, results[i]!);
      if (!results[i]!.ok) return;
      const value = (results[i] as { value: unknown }).value;
      remember(documents, url, value);
      frontier.push([url, value]);
    });
  }
  return documents;
}

/** The file parts of every `$ref` in a document that points into another document. */
function externalRefs(document: unknown): Set<string> {
  const refs = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Json;
    if (typeof record.$ref === "string") {
      const hash = record.$ref.indexOf("#");
      const file = hash >= 0 ? record.$ref.slice(0, hash) : record.$ref;
      if (file !== "") refs.add(file);
      continue;
    }
    for (const key of Object.keys(record)) stack.push(record[key]);
  }
  return refs;
}

class Bundler {
  private readonly hoisted = new Map<string, string>();
  private readonly inlined = new Map<string, unknown>();
  private readonly inlining = new Set<string>();
  private readonly hoistedSchemas: Record<string, unknown> = {};
  private readonly takenNames: Set<string>;

  constructor(
    private readonly root: Json,
    private readonly rootUrl: string,
    private readonly documents: Documents,
    private readonly home: SchemaHome,
    private readonly origins: WeakMap<object, BundleOrigin> | undefined,
  ) {
    const schemas = home === "definitions" ? (root.definitions as Json | undefined) : ((root.components as Json | undefined)?.schemas as Json | undefined);
    this.takenNames = new Set(Object.keys(schemas ?? {}));
  }

  run(): Json {
    const bundled = (this.walk(this.root, this.rootUrl, "other", [])) as Json;
    if (Object.keys(this.hoistedSchemas).length > 0) {
      if (this.home === "definitions") {
        bundled.definitions = { ...((bundled.definitions as Json | undefined) ?? {}), ...this.hoistedSchemas };
      } else {
        const components = { ...((bundled.components as Json | undefined) ?? {}) };
        components.schemas = { ...((components.schemas as Json | undefined) ?? {}), ...this.hoistedSchemas };
        bundled.components = components;
      }
    }
    checkLocalRefs(bundled, this.rootUrl);
    return bundled;
  }

  private schemaRef(name: string): Json {
    const prefix = this.home === "definitions" ? "#/definitions/" : "#/components/schemas/";
    return { $ref: `${prefix}${encodePointerSegment(name)}` };
  }

  private walk(node: unknown, docUrl: string, kind: Kind, path: string[]): unknown {
    if (kind === "data" || typeof node !== "object" || node === null) return node;
    if (Array.isArray(node)) {
      const childKind: Kind = kind === "schemaList" ? "schema" : kind === "schema" ? "data" : kind;
      const out: unknown[] = [];
      for (let i = 0; i < node.length; i++) out.push(this.walk(node[i], docUrl, childKind, [...path, String(i)]));
      return out;
    }
    const record = node as Json;
    if (typeof record.$ref === "string") return this.reference(record.$ref, docUrl, kind, path);
    const out: Json = {};
    for (const [key, value] of Object.entries(record)) {
      out[key] = this.walk(value, docUrl, childKind(kind, key, path, this.home), [...path, key]);
    }
    return out;
  }

  private reference(ref: string, docUrl: string, kind: Kind, path: string[]): unknown {
    const hash = ref.indexOf("#");
    const file = hash >= 0 ? ref.slice(0, hash) : ref;
    const fragment = hash >= 0 ? ref.slice(hash + 1) : "";
    let targetUrl: string;
    try {
      targetUrl = file === "" ? docUrl : retrievalOf(this.documents, new URL(file, this.documents.bases.get(docUrl) ?? docUrl).href);
    } catch {
      throw this.error(`$ref "${ref}" is not a valid reference`, docUrl, path);
    }
    if (targetUrl === this.rootUrl) return { $ref: `#${fragment}` };
    const key = `${targetUrl}#${fragment}`;
    // Only a ref standing for one schema is hoisted. DigitalOcean also writes `properties: {$ref}`
    // (the whole map in another file): that is inlined as a map and walked as one.
    if (kind === "schema") {
      const known = this.hoisted.get(key);
      if (known) return this.schemaRef(known);
      const name = this.claimName(targetUrl, fragment);
      this.hoisted.set(key, name);
      const target = this.target(ref, targetUrl, fragment, docUrl, path);
      const hoisted = this.walk(target, targetUrl, "schema", [`(${displayName(targetUrl)})`, ...decodePointer(fragment)]);
      this.hoistedSchemas[name] = hoisted;
      this.remember(hoisted, targetUrl, fragment);
      return this.schemaRef(name);
    }
    if (this.inlined.has(key)) return this.inlined.get(key);
    if (this.inlining.has(key)) throw this.error(`$ref "${ref}" refers to itself through non-schema objects`, docUrl, path);
    this.inlining.add(key);
    const target = this.target(ref, targetUrl, fragment, docUrl, path);
    const value = this.walk(target, targetUrl, kind, [`(${displayName(targetUrl)})`, ...decodePointer(fragment)]);
    this.inlining.delete(key);
    this.inlined.set(key, value);
    this.remember(value, targetUrl, fragment);
    return value;
  }

  private remember(node: unknown, url: string, pointer: string): void {
    if (this.origins !== undefined && typeof node === "object" && node !== null) this.origins.set(node, { url, pointer });
  }

  private target(ref: string, targetUrl: string, fragment: string, docUrl: string, path: string[]): unknown {
    const document = this.documents.loaded.get(targetUrl);
    if (!document || !document.ok) {
      const error = document && !document.ok ? document.error : undefined;
      const reason = error instanceof Error ? error.message : "not loaded";
      throw this.error(`$ref "${ref}" cannot be read: ${reason}`, docUrl, path);
    }
    const value = resolvePointer(document.value, fragment);
    if (value === undefined) throw this.error(`$ref "${ref}" points nowhere`, docUrl, path);
    return value;
  }

  private claimName(targetUrl: string, fragment: string): string {
    const segments = decodePointer(fragment);
    const last = segments.at(-1) ?? targetUrl.split("/").pop()!.replace(/\.(ya?ml|json)$/i, "");
    const base = last.replace(/[^A-Za-z0-9._-]+/g, "_") || "schema";
    let name = base;
    for (let n = 2; this.takenNames.has(name); n++) name = `${base}${n}`;
    this.takenNames.add(name);
    return name;
  }

  private error(message: string, docUrl: string, path: string[]): BadInputError {
    const inner = path.length > 0 && path[0]!.startsWith("(") ? path.slice(1) : path;
    return new BadInputError(message, `${displayName(docUrl)}#/${inner.map(encodePointerSegment).join("/")}`);
  }
}

function childKind(parent: Kind, key: string, path: string[], home: SchemaHome): Kind {
  if (parent === "schemaMap") return "schema";
  if (parent === "schema") {
    if (SCHEMA_KEYS.has(key)) return "schema";
    if (SCHEMA_MAP_KEYS.has(key)) return "schemaMap";
    if (SCHEMA_LIST_KEYS.has(key)) return "schemaList";
    if (SCHEMA_DATA_KEYS.has(key)) return "data";
    if (key === "discriminator" || key === "xml" || key === "externalDocs") return "data";
    return "data";
  }
  if (key === "schema") return "schema";
  if (key === "schemas" && path.at(-1) === "components") return "schemaMap";
  if (key === "definitions" && path.length === 0 && home === "definitions") return "schemaMap";
  // An Example Object's value as data (3.2 `dataValue`): a `$ref` written in it is no reference.
  if (key === "example" || key === "dataValue") return "data";
  return "other";
}

/**
 * Every local `$ref` left must resolve; the message names where it sits and where it points. The
 * walk carries no pointers (one string per node was most of its cost on GitHub's 13 MB): each
 * distinct ref is resolved once, and only a ref that points nowhere is searched for again, to
 * name its place.
 */
function checkLocalRefs(document: Json, rootUrl: string): void {
  const checked = new Set<string>();
  forEachLocalRefHolder(document, (ref) => {
    if (checked.has(ref)) return;
    if (!ref.startsWith("#") || resolvePointer(document, ref.slice(1)) === undefined) {
      throw new BadInputError(`$ref "${ref}" points nowhere`, `${displayName(rootUrl)}${placeOfRef(document, ref)}`);
    }
    checked.add(ref);
  });
}

/** The `$ref`s checkLocalRefs looks at, in document order; not inside literal data. */
function forEachLocalRefHolder(document: Json, visit: (ref: string) => void): void {
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    const record = node as Json;
    if (typeof record.$ref === "string") {
      visit(record.$ref);
      continue;
    }
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (!isLiteralDataKey(key)) stack.push(record[key]);
    }
  }
}

function isLiteralDataKey(key: string): boolean {
  return key === "example" || key === "examples" || key === "default" || key === "enum";
}

/** Error path only: the pointer of the first object (in document order) holding `$ref: ref`. */
function placeOfRef(document: Json, ref: string): string {
  const stack: [unknown, string][] = [[document, "#"]];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${pointer}/${i}`]);
      continue;
    }
    const record = node as Json;
    if (typeof record.$ref === "string") {
      if (record.$ref === ref) return pointer;
      continue;
    }
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (!isLiteralDataKey(key)) stack.push([record[key], `${pointer}/${encodePointerSegment(key)}`]);
    }
  }
  return "#";
}
