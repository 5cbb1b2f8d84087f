/**
 * Where each finding is in the files a user wrote: the changed node on each side it exists on (the
 * new side only for an addition, the old side only for a removal), as file, line, column and JSON
 * pointer within that file. A change inside a shared component is placed where the component is
 * written (through `$ref`s, into the file that holds it), so every operation reaching it names the
 * same place. Nothing here changes what is found; places are attached once the findings are final.
 */
import type { OpenApiDocument } from "../load/loaded-description.js";
import { encodePointerSegment } from "../load/json-pointer.js";
import type { SourcePlace } from "../load/source-places.js";
import { wireMethod } from "../model/operation-methods.js";
import { getPointer, isObject, resolveLocal } from "../model/local-ref.js";
import type { OperationModel, ToolkitModel } from "../model/toolkit-model.js";
import type { ChangeLocation, DiffChange, OperationRef } from "./change.js";
import { NodePointers } from "./node-pointers.js";
import { changeSpots, type Side } from "./schema-change-places.js";
import type { SchemaChange, SchemaPairPath } from "./schema-change.js";

/** What a finding was found at, kept beside it while the comparison runs. */
export interface FindingOrigin {
  /** The operation on each side it exists on. */
  readonly old?: OperationModel;
  readonly new?: OperationModel;
  /** For a schema finding: the change, with the pairs of schemas it was found at. */
  readonly schema?: SchemaChange;
}

export interface FindingSource {
  readonly old?: SourcePlace;
  readonly new?: SourcePlace;
  /**
   * Only when `new` is absent (a removal): the place in the new file of the closest node still
   * there (the schema a property left, the operation a parameter left), where a note on the new
   * file, such as a GitHub annotation on a pull request, can go.
   */
  readonly near?: SourcePlace;
}

interface SideContext {
  readonly model: ToolkitModel;
  readonly pointers: NodePointers;
}

export class FindingPlacer {
  private readonly sides: Record<Side, SideContext>;

  constructor(oldModel: ToolkitModel, newModel: ToolkitModel) {
    this.sides = {
      old: { model: oldModel, pointers: new NodePointers(oldModel.document) },
      new: { model: newModel, pointers: new NodePointers(newModel.document) },
    };
  }

  /** Whether either side can name places at all (a model loaded without texts cannot). */
  get enabled(): boolean {
    return this.sides.old.model.places !== undefined || this.sides.new.model.places !== undefined;
  }

  sourceOf(change: DiffChange, origin: FindingOrigin | undefined): FindingSource | undefined {
    const old = this.placeOn("old", change, origin);
    const now = this.placeOn("new", change, origin);
    const near = now ? undefined : this.placeOn("new", change, origin, true);
    if (!old && !now && !near) return undefined;
    return { ...(old ? { old } : {}), ...(now ? { new: now } : {}), ...(near ? { near } : {}) };
  }

  private placeOn(side: Side, change: DiffChange, origin: FindingOrigin | undefined, near = false): SourcePlace | undefined {
    const { model } = this.sides[side];
    if (model.places === undefined) return undefined;
    const pointer = this.pointerOn(side, change, origin, near);
    return pointer === undefined ? undefined : model.places.placeOf(pointer);
  }

  /** `#/…` pointer into the side's bundled document; with `near`, of the closest node the side has. */
  private pointerOn(side: Side, change: DiffChange, origin: FindingOrigin | undefined, near: boolean): string | undefined {
    const { model, pointers } = this.sides[side];
    if (!change.operation) return change.location.section === "document" ? "#/info" : undefined;
    const op = origin ? origin[side] : findOperation(model, side === "old" ? (change.previous ?? change.operation) : change.operation);
    if (!op) return undefined;
    if (origin?.schema?.at) {
      const found = schemaPointer(side, origin.schema, op, model.document, pointers, near);
      if (found === "absent") return undefined;
      if (found !== undefined) return found;
    }
    const structural = structuralPointer(model.document, op, change.location);
    return structural === undefined && near ? op.pointer : structural;
  }
}

/**
 * The node of a schema change on one side: the schema it was found at (each pair above it located
 * from the one before, the first from the operation), then the keyword the change is about.
 * `"absent"` when the change has nothing on this side (an addition, seen from the old side).
 */
function schemaPointer(
  side: Side,
  change: SchemaChange,
  op: OperationModel,
  document: OpenApiDocument,
  pointers: NodePointers,
  near: boolean,
): string | undefined | "absent" {
  const at = change.at!;
  const spots = changeSpots(change, at.old, at.new);
  const spot = near ? [] : spots[side];
  if (spot === undefined) return "absent";
  const chain: SchemaPairPath[] = [];
  for (let pair: SchemaPairPath | undefined = at; pair; pair = pair.parent) chain.unshift(pair);
  let from: unknown = getPointer(document, op.pointer);
  let pointer: string | undefined = op.pointer;
  let found: string | undefined;
  for (const pair of chain) {
    const next = pointers.find(pair[side], from, pointer);
    // A stand-in for a missing or boolean schema is in no file: the schema above it is named.
    if (next === undefined) break;
    found = next;
    from = pair[side];
    pointer = next;
  }
  if (found === undefined) return undefined;
  if (from !== at[side]) return found;
  const inside = `${found}${spot.map((s) => `/${encodePointerSegment(s)}`).join("")}`;
  return spot.length > 0 && getPointer(document, inside) === undefined ? found : inside;
}

/** The operation, parameter, body, response, header or media type a finding's location names, if this side has it. */
function structuralPointer(document: OpenApiDocument, op: OperationModel, location: ChangeLocation): string | undefined {
  switch (location.section) {
    case "document":
      return "#/info";
    case "operation":
      return op.pointer;
    case "security": {
      const operation = getPointer(document, op.pointer);
      if (isObject(operation) && operation.security !== undefined) return `${op.pointer}/security`;
      return document.security !== undefined ? "#/security" : op.pointer;
    }
    case "parameter": {
      const wanted = location.parameter;
      if (!wanted) return op.pointer;
      const same = (name: string) => (wanted.in === "header" ? name.toLowerCase() === wanted.name.toLowerCase() : name === wanted.name);
      return op.parameters.find((p) => p.in === wanted.in && same(p.name))?.pointer;
    }
    case "body": {
      const body = child(document, op.pointer, "requestBody");
      if (body === undefined || location.mediaType === undefined) return body;
      return child(document, body, "content", location.mediaType);
    }
    case "response": {
      const response = location.status === undefined ? undefined : child(document, op.pointer, "responses", location.status);
      if (response === undefined) return undefined;
      if (location.header !== undefined) {
        const headers = getPointer(document, `${response}/headers`);
        const name = isObject(headers) ? Object.keys(headers).find((h) => h.toLowerCase() === location.header!.toLowerCase()) : undefined;
        return name === undefined ? undefined : child(document, response, "headers", name);
      }
      return location.mediaType === undefined ? response : child(document, response, "content", location.mediaType);
    }
  }
}

/** The pointer of `segments` below `pointer`, each step's `$ref` followed; undefined when missing. */
function child(document: OpenApiDocument, pointer: string, ...segments: string[]): string | undefined {
  let at = pointer;
  for (const segment of segments) {
    const { pointer: resolved } = resolveLocal(document, getPointer(document, at), at);
    at = `${resolved}/${encodePointerSegment(segment)}`;
    if (getPointer(document, at) === undefined) return undefined;
  }
  return resolveLocal(document, getPointer(document, at), at).pointer;
}

function findOperation(model: ToolkitModel, ref: OperationRef): OperationModel | undefined {
  return model.operations.find((op) => op.path === ref.path && wireMethod(op.method) === ref.method);
}
