/**
 * The one normalised model every later stage reads: the generator's emitters, the run-time
 * toolkit loader, the tool descriptors, and the diff. Every name (function, type, tool, input
 * key) is assigned here, once, so no emitter ever invents or renames anything.
 */
import type { DescriptionSource, OpenApiDocument, OpenApiVersion } from "../load/loaded-description.js";
import type { SourcePlaces } from "../load/source-places.js";
import type { AuthScheme, SecurityAlternative } from "../runtime/auth/auth-scheme.js";
import type { ResponseHeaderModel } from "./response-headers.js";
import type { BodyEncoding, PageSpec, ParameterLocation, ParameterStyle, ResponseKind, ValueShape } from "../runtime/operation.js";

export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

export const HTTP_METHODS: readonly HttpMethod[] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * An operation's method as the description spells it: a fixed Path Item field (`get` … `trace`),
 * OpenAPI 3.2's `query`, or a key of 3.2's `additionalOperations` exactly as written (`COPY`,
 * `PURGE`). `wireMethod` (operation-methods.ts) gives the method sent.
 */
export type OperationMethod = HttpMethod | "query" | (string & {});

/** A schema as written in the document: may hold local `$ref`s (resolve with the model's document). */
export type SchemaNode = Record<string, unknown> | boolean;

export interface ParameterModel {
  /** Key in the function's flat input object (the wire name unless a collision forced a rename). */
  readonly key: string;
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  readonly deprecated: boolean;
  readonly description?: string;
  readonly schema?: SchemaNode;
  readonly style: ParameterStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** Declared with `content` (a media type) rather than `schema`: sent as JSON text. */
  readonly json: boolean;
  /** What the schema's `type` says the value is, when it says one thing (checked before a call). */
  readonly shape?: ValueShape;
  /** JSON pointer of the parameter (after `$ref` resolution) in the document. */
  readonly pointer: string;
  /** It is where an apiKey scheme of the operation's security sends its key (kept from models). */
  readonly credential?: true;
  /**
   * The operation's `Idempotency-Key` (or `X-Idempotency-Key`) header: the runtime fills it once
   * per call and retries on it, so it is never required of the caller, whatever the description says.
   */
  readonly idempotencyKey?: true;
}

export interface BodyFieldModel {
  readonly contentType?: string;
  readonly style?: ParameterStyle;
  readonly explode?: boolean;
}

export interface BodyModel {
  readonly mediaType: string;
  readonly encoding: BodyEncoding;
  readonly required: boolean;
  readonly description?: string;
  readonly schema?: SchemaNode;
  /**
   * `null`: the body's properties sit flat in the input beside the parameters. Otherwise the key
   * under which the whole body is passed (`body`, or `requestBody` when a parameter is called body).
   */
  readonly key: string | null;
  /**
   * An object body whose schema admits null as well (`nullable: true`, or every `allOf` part
   * nullable). Flat, the input cannot be null: its type leaves null out.
   */
  readonly nullable?: true;
  /** Property names of an object body, as far as they can be known (for collision checks). */
  readonly propertyNames: readonly string[];
  readonly fields?: Readonly<Record<string, BodyFieldModel>>;
  /** Every media type the operation accepts, in document order. */
  readonly mediaTypes: readonly string[];
}

export interface ResponseModel {
  /** As written: `200`, `2XX`, `default`. */
  readonly status: string;
  readonly description?: string;
  /** The chosen media type, when the response has content. */
  readonly mediaType?: string;
  /** Every media type the response declares, in document order (what a call may Accept). */
  readonly mediaTypes: readonly string[];
  readonly schema?: SchemaNode;
  readonly kind: ResponseKind;
  /** The first sequential media type the response declares (stream-media.ts), beside or instead of `mediaType`. */
  readonly stream?: StreamModel;
  /** Its declared headers (response-headers.ts); absent when it declares none. */
  readonly headers?: readonly ResponseHeaderModel[];
}

/** How a streamed answer is cut into items. */
export type StreamFormat = "event-stream" | "json-lines" | "json-seq";

/** A sequential media type of a success answer: its items arrive one by one (stream-media.ts). */
export interface StreamModel {
  readonly format: StreamFormat;
  /** As declared, e.g. `text/event-stream`. */
  readonly mediaType: string;
  /** JSON pointer of the Media Type Object. */
  readonly pointer: string;
  /** OpenAPI 3.2 `itemSchema` (also read in 3.1 documents, as FastAPI writes it). */
  readonly itemSchema?: SchemaNode;
  /** The Media Type Object's `schema`. */
  readonly schema?: SchemaNode;
  /** Event streams: each event's `data` is JSON text that the runtime decodes. Always true for JSON lines and sequences. */
  readonly jsonData: boolean;
}

export interface OperationModel {
  /** `<title>/<version>/<operationId>`: the name the model and the reference client use. */
  readonly toolName: string;
  /** The last segment of toolName: the operationId, or the reference's fallback. */
  readonly toolId: string;
  /** As declared; `undefined` when the description has none. */
  readonly operationId?: string;
  /** Exported function name: a valid, collision-free lowerCamelCase identifier. */
  readonly functionName: string;
  /** PascalCase stem for the operation's types (`<TypeName>Input`, `<TypeName>Output`). */
  readonly typeName: string;
  readonly method: OperationMethod;
  readonly path: string;
  /** JSON pointer of the operation object in the document. */
  readonly pointer: string;
  readonly summary?: string;
  readonly description?: string;
  readonly deprecated: boolean;
  readonly tags: readonly string[];
  readonly parameters: readonly ParameterModel[];
  readonly body?: BodyModel;
  /** Every declared response, in document order. */
  readonly responses: readonly ResponseModel[];
  /** The 2xx responses (the function's result type is their union). */
  readonly success: readonly ResponseModel[];
  /** What the runtime should expect from a 2xx answer. */
  readonly responseKind: ResponseKind;
  /**
   * The stream a success answer may be (the first success response declaring a sequential media
   * type). When `responseKind` is `stream` the function itself streams; otherwise the function
   * returns the other answer and `fn.stream()` asks for this one.
   */
  readonly stream?: StreamModel;
  /** The boolean body field that asks for the stream (`stream`, as OpenAI's requests have it), set by `fn.stream()`. */
  readonly streamFlag?: string;
  /**
   * The security that applies (the operation's, else the document's) as alternatives of scheme
   * names, only those that can be satisfied (model/security.ts); `[]`: none.
   */
  readonly security: readonly SecurityAlternative[];
  /** How its list answer pages, when it is recognisably one page of a list (pagination.ts). */
  readonly pagination?: PageSpec;
  /** True when the function takes no input object at all. */
  readonly inputless: boolean;
  /** True when every input field is optional (the argument itself is then optional). */
  readonly inputOptional: boolean;
}

export interface ToolkitModel {
  readonly source: DescriptionSource;
  readonly openapiVersion: OpenApiVersion;
  /** `info.title`, or when that is empty the fallback named after the source (info-fields.ts). */
  readonly title: string;
  /** True when `title` is that fallback. */
  readonly titleIsFallback?: boolean;
  /** `info.version`; may be `""` (tool names `Title//operationId`, calls send no `?version=`). */
  readonly version: string;
  readonly description?: string;
  /** Default base address for calls. */
  readonly serverUrl: string;
  readonly operations: readonly OperationModel[];
  /** `components.securitySchemes` that toolgen can apply, by name as written. */
  readonly securitySchemes: Readonly<Record<string, AuthScheme>>;
  /** The bundled document (only local `$ref`s) the model was built from. */
  readonly document: OpenApiDocument;
  /**
   * The document the schema types are written from (types-document/), set by generation; the
   * document itself where it is absent.
   */
  readonly typesDocument?: OpenApiDocument;
  readonly examples?: unknown;
  /** Where each node of `document` is in the files a user wrote, when loading kept it (the diff names places). */
  readonly places?: SourcePlaces;
  readonly sha256: string;
  /** Things a user should know that did not stop generation (duplicate operationIds, …). */
  readonly warnings: readonly string[];
}
