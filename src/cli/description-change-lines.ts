/**
 * What the build step prints about a description that changed since the last generation: one
 * heading with the counts, then one line per finding worth stopping for (breaking, or at the
 * toolkit's `failOn` level), each with its place in the new description (`file:line:column`, as
 * `toolgen diff` prints it; a removal has none, the old side being the snapshot), the tool, the
 * message, and the rule id and fingerprint that `toolgen-diff.json` accepts to let it pass.
 * `toolgen diff` prints the whole report.
 */
import type { DiffChange } from "../diff/change.js";
import { mainPlace, placeText } from "../diff/place-text.js";
import { summaryText } from "../diff/summary-text.js";
import type { ChangesUnknown, DescriptionChanges } from "../description-changes.js";

/** `where`: the output folder as shown in the toolkit's other lines. */
export function descriptionChangeLines(changes: DescriptionChanges | ChangesUnknown, where: string): string[] {
  if ("unknown" in changes) return [`${where}: the description changed since the last generation; what changed cannot be said: ${changes.unknown}`];
  const ignored = changes.diff.ignored > 0 ? ` (${changes.diff.ignored} ignored by toolgen-diff.json)` : "";
  const heading = `${where}: the description changed since the last generation: ${summaryText(changes.diff.summary)}${ignored}`;
  const width = Math.max(0, ...changes.shown.map((change) => change.level.length));
  return [heading, ...changes.shown.map((change) => findingLine(change, width))];
}

function findingLine(change: DiffChange, width: number): string {
  const tool = change.tool.new ?? change.tool.old;
  const place = mainPlace(change);
  return `  ${change.level.padEnd(width)}  ${place !== undefined ? `${placeText(place)}: ` : ""}${tool !== undefined ? `${tool}: ` : ""}${change.message} (${change.id} ${change.fingerprint})`;
}
