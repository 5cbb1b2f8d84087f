/**
 * The place in the files a user wrote of any node of a loaded description: file name, line,
 * column, and the JSON pointer within that file. The model and the diff name nodes by pointers
 * into the bundled document (only local `$ref`s left); this turns such a pointer back into the
 * document it was copied from, following the copies bundling made (a schema hoisted into
 * `components/schemas`, a parameter or response inlined from another file) and, for a converted
 * Swagger 2.0 description, the converter's moves. Positions are found in the kept text when first
 * asked for (json-positions.ts, yaml-positions.ts), so keeping them costs loading nothing.
 */
import { decodePointer, encodePointerSegment } from "./json-pointer.js";
import { JsonPositions } from "./json-positions.js";
import { LineIndex } from "./line-index.js";
import { YamlPositions } from "./yaml-positions.js";

export interface SourcePlace {
  /** As source-name.ts names the document: a path relative to the working directory, or a URL. */
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
  /** RFC 6901 JSON pointer of the node within `file` (`""` is the whole document). */
  readonly pointer: string;
}

/** Where a node copied by bundling came from: the document's URL and the pointer in it. */
export interface BundleOrigin {
  readonly url: string;
  readonly pointer: string;
}

/** One document read while loading, as kept for places. */
export interface SourceText {
  readonly url: string;
  readonly name: string;
  readonly text: string;
  /** Read by JSON.parse (else by js-yaml). */
  readonly json: boolean;
}

interface Positioned extends SourceText {
  positions?: JsonPositions | YamlPositions;
  lines?: LineIndex;
}

export interface SourcePlacesInit {
  readonly rootUrl: string;
  readonly texts: readonly SourceText[];
  /** The bundled document the pointers walk (for Swagger 2.0, the 2.0 one before conversion). */
  readonly bundled: unknown;
  readonly origins: WeakMap<object, BundleOrigin>;
  /** Swagger 2.0 only: a pointer into the converted document -> `#`-pointer into `bundled`. */
  readonly convertedPointer?: (pointer: string) => string;
}

export class SourcePlaces {
  private readonly documents = new Map<string, Positioned>();

  constructor(private readonly init: SourcePlacesInit) {
    for (const text of init.texts) this.documents.set(text.url, { ...text });
  }

  /** The place of the node at `pointer` (`#/paths/~1pets/get`) of the loaded document. */
  placeOf(pointer: string): SourcePlace | undefined {
    const inBundle = this.init.convertedPointer ? this.init.convertedPointer(pointer) : pointer;
    const { url, segments } = this.origin(inBundle.startsWith("#") ? inBundle.slice(1) : inBundle);
    const document = this.documents.get(url);
    if (!document) return undefined;
    const positions = (document.positions ??= document.json ? new JsonPositions(document.text) : new YamlPositions(document.text));
    // A node the text does not hold as such (a key merged in twice over) is placed at the nearest ancestor it does.
    for (let length = segments.length; length >= 0; length--) {
      const kept = segments.slice(0, length);
      const offset = positions.offsetOf(kept);
      if (offset === undefined) continue;
      const { line, column } = (document.lines ??= new LineIndex(document.text)).at(offset);
      return { file: document.name, line, column, pointer: kept.map((s) => `/${encodePointerSegment(s)}`).join("") };
    }
    return undefined;
  }

  /** The document and the pointer within it that a pointer into the bundled document came from. */
  private origin(fragment: string): { url: string; segments: string[] } {
    let url = this.init.rootUrl;
    let segments: string[] = [];
    let node: unknown = this.init.bundled;
    for (const segment of decodePointer(fragment)) {
      node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
      const origin = typeof node === "object" && node !== null ? this.init.origins.get(node) : undefined;
      if (origin) {
        url = origin.url;
        segments = [...decodePointer(origin.pointer)];
      } else {
        segments.push(segment);
      }
    }
    return { url, segments };
  }
}
