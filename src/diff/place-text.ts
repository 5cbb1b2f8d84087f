/** A place as the formats show it: `file:line:column`, which editors and terminals open at the line. */
import type { SourcePlace } from "../load/source-places.js";
import type { DiffChange } from "./change.js";

export function placeText(place: SourcePlace): string {
  return `${place.file}:${place.line}:${place.column}`;
}

/** The place to show first: the new side's, else (a removal) the old side's. */
export function mainPlace(change: DiffChange): SourcePlace | undefined {
  return change.source?.new ?? change.source?.old;
}
