/**
 * Everything the per-operation comparisons share for one matched pair of operations: both
 * operations, both documents (for what the model does not carry: every media type of a response,
 * security scopes, x-sunset), the schema comparer and the place findings go.
 */
import type { ChangeLocation, OperationRef, ToolRef } from "./change.js";
import type { OperationModel, ToolkitModel } from "../model/toolkit-model.js";
import type { SchemaComparer } from "./schema-graph.js";
import type { FindingInput, Findings } from "./findings.js";
import { directionOf, schemaRule } from "./schema-rules.js";
import { schemaMessage, type SchemaPlace } from "./messages.js";
import type { SchemaChange } from "./schema-change.js";

export interface PairContext {
  readonly oldModel: ToolkitModel;
  readonly newModel: ToolkitModel;
  readonly old: OperationModel;
  readonly new: OperationModel;
  readonly tool: ToolRef;
  readonly operation: OperationRef;
  readonly comparer: SchemaComparer;
  readonly findings: Findings;
  readonly now: Date;
}

type Extra = Omit<FindingInput, "id" | "tool" | "operation" | "location" | "message" | "origin">;

export function emit(ctx: PairContext, id: string, location: ChangeLocation, message: string, extra: Extra = {}, change?: SchemaChange): void {
  const origin = { old: ctx.old, new: ctx.new, ...(change ? { schema: change } : {}) };
  ctx.findings.add({ id, tool: ctx.tool, operation: ctx.operation, location, message, ...extra, origin });
}

/**
 * Compares two schemas at one place and reports every change with its direction-aware rule. A
 * `property` in `base` prefixes the changes' paths (a stream's payload sits at `data`, or
 * `event[delta]/data`, inside each item).
 */
export function emitSchemaChanges(
  ctx: PairContext,
  place: SchemaPlace,
  base: ChangeLocation,
  oldSchema: unknown,
  newSchema: unknown,
): void {
  for (const change of ctx.comparer.compare(oldSchema, newSchema, directionOf(place.area))) {
    const rule = schemaRule(place.area, change);
    if (!rule) continue;
    const inner = change.path.join("/");
    const property = base.property === undefined || base.property === "" ? inner : inner === "" ? base.property : `${base.property}/${inner}`;
    emit(
      ctx,
      rule.id,
      property === "" ? base : { ...base, property },
      schemaMessage(place, change, rule.level),
      { direction: rule.direction, ...subjectOf(change) },
      change,
    );
  }
}

function subjectOf(change: SchemaChange): { subject?: string } {
  if (change.polarity !== undefined) return { subject: `${change.polarity} ${change.kind} ${JSON.stringify(change.to) ?? ""}` };
  if (change.kind.startsWith("dependent-required")) return { subject: JSON.stringify([change.from, change.to]) };
  return /enum-value|of-added|of-removed|overlap|dependent-schema|pattern-property/.test(change.kind)
    ? { subject: JSON.stringify(change.to) ?? "" }
    : {};
}
