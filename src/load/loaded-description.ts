/** What `load` hands to `model`: one self-contained document plus where it came from. */
import type { ProgressListener } from "../generate-progress.js";
import type { ReadRecord } from "./document-reader.js";
import type { DocumentText } from "./read-document-text.js";
import type { SourcePlaces } from "./source-places.js";

/** `git`: a `<rev>:<path>` read from a git revision (git-revision.ts), which only `toolgen diff` asks for. */
export type SourceKind = "url" | "file" | "hub" | "git";

export interface DescriptionSource {
  readonly kind: SourceKind;
  /** What the user typed: a base address, a path, `hub:<name>`, or `<rev>:<path>`. */
  readonly input: string;
  /** Absolute URL of the description itself (`http(s)://…/.well-known/openapi.yaml`, `file://…`, or `git-rev://<rev>/<path>`). */
  readonly documentUrl: string;
  /** For `git`: the top folder of the repository its documents are read from. */
  readonly repository?: string;
  /**
   * The tool server's base address for calls: the address given (url, hub) with no trailing
   * slash; `undefined` for a file, where `servers[0].url` decides.
   */
  readonly baseUrl?: string;
}

/**
 * The OpenAPI line of a loaded description. 3.1 and 3.2 both use JSON Schema 2020-12; 3.2 adds
 * fields (docs/openapi-3.2.md) that the model reads wherever they appear.
 */
export type OpenApiVersion = "3.0" | "3.1" | "3.2";

/** A parsed OpenAPI document. Kept loose on purpose: `model` validates what it reads. */
export type OpenApiDocument = Record<string, unknown>;

export interface LoadedDescription {
  readonly source: DescriptionSource;
  /**
   * The description with every external `$ref` bundled in, so every `$ref` left is local
   * (`#/...`). Internal `$ref`s are kept as they are (not dereferenced): types keep their names
   * and recursive schemas stay finite. A Swagger 2.0 description is here as its OpenAPI 3.0
   * conversion (see `convertedFrom`).
   */
  readonly document: OpenApiDocument;
  /** `"3.0"`, `"3.1"` or `"3.2"` (`"3.0"` for a converted Swagger 2.0 description; anything else is refused while loading). */
  readonly openapiVersion: OpenApiVersion;
  /**
   * Set when the description was Swagger 2.0, converted to OpenAPI 3.0 by swagger2openapi while
   * loading. Messages about `document` should name places in the original: `originalPlace` turns
   * a pointer into `document` into the file and pointer of the same place in the 2.0 description
   * (`withOriginalPlaces` in original-places.ts applies it to errors and warnings).
   */
  readonly convertedFrom?: SwaggerOrigin;
  /** The parsed `examples.yaml` companion, when the server (or a file beside a file source) has one. */
  readonly examples?: unknown;
  /**
   * With `LoadOptions.places`: the file, line, column and pointer a user wrote of any node of
   * `document`, by its pointer there.
   */
  readonly places?: SourcePlaces;
  /** sha256 (hex) of the description's bytes as fetched, for lock files and `--check`. */
  readonly sha256: string;
  /** Size in bytes of the root description. */
  readonly bytes: number;
  /** Every document read, root first (external `$ref` targets, `examples.yaml`). */
  readonly documents: readonly ReadRecord[];
  /** sha256 over all of `documents`: changes when any of them does (the lock file records it). */
  readonly inputsSha256: string;
}

export interface SwaggerOrigin {
  readonly version: "2.0";
  /** `#/paths/~1pets/post/requestBody` -> `<file>#/paths/~1pets/post/parameters/0`. */
  originalPlace(pointer: string): string;
}

export interface LoadOptions {
  /** Access token; else `EB_AGENT_ACCESS_TOKEN`. Sent as `Authorization: token <t>`. */
  readonly token?: string;
  /** Extra request headers ("Name: value" pairs already split). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Injected fetch (tests, fault injection). Default: global fetch. */
  readonly fetch?: typeof fetch;
  /** Timeout per HTTP request in ms (default 30 000). */
  readonly timeoutMs?: number;
  /** Maximum size of one fetched or read document in bytes (default 64 MiB). */
  readonly maxBytes?: number;
  /** Receives warnings (for example: no token, a 403 may follow). Default: ignored. */
  readonly onWarning?: (message: string) => void;
  /**
   * Let `$ref`s reach other origins (from a URL) or files outside the description's folder (from a
   * file). Off by default: a fetched description must not read local files or other hosts.
   */
  readonly allowExternalRefs?: boolean;
  /**
   * Where fetched documents are kept for `offline` (the CLI's default: node_modules/.cache/toolgen
   * beside the config file or the working directory). When set, a successful online load stores
   * what it fetched there.
   */
  readonly cacheDir?: string;
  /** Read remote documents from `cacheDir` only, never from the network. Local files are read as usual. */
  readonly offline?: boolean;
  /** Receives progress events (fetch and parse). */
  readonly onProgress?: ProgressListener;
  /** Environment to read `EB_AGENT_ACCESS_TOKEN` and `AISTUDIO_HUB_BASE_URL` from (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Documents already read by URL, under the same headers and rules (the no-change check hands
   * over what it read); each is used instead of reading it again.
   */
  readonly prefetched?: ReadonlyMap<string, DocumentText>;
  /**
   * Keep the texts read, so `places` can name the file, line and column of any node (the diff
   * asks). Off by default: the texts stay in memory as long as the description does.
   */
  readonly places?: boolean;
  /**
   * Read a source of the form `<rev>:<path>` that names no file from that git revision, when
   * `cwd` is inside a git repository (`toolgen diff origin/main:api/openapi.yaml …`).
   */
  readonly gitRevisions?: { readonly cwd: string };
}
