/**
 * Tool identity, which no peer reports: a tool is `<info.title>/<info.version>/<operationId>`, so a
 * changed operationId, title or version renames tools even when every byte on the wire stays the
 * same. Prompts, stored tool calls and `toolkit.call("<name>")` all break on a rename.
 */
import { wireMethod } from "../model/operation-methods.js";
import type { OperationModel, ToolkitModel } from "../model/toolkit-model.js";
import type { RenamedTool } from "./change.js";
import { operationRef, type Findings } from "./findings.js";
import type { OperationPair } from "./match-operations.js";
import { code } from "./messages.js";
import { removalKind, sunsetOf } from "./sunset.js";

export function reportRemoved(findings: Findings, model: ToolkitModel, op: OperationModel, now: Date): void {
  const sunset = sunsetOf(model.document, op.pointer);
  const kind = removalKind(op.deprecated, sunset, now);
  const base = { tool: { old: op.toolName }, operation: operationRef(op), location: { section: "operation" as const } };
  const what = `removed ${wireMethod(op.method)} ${op.path}: the tool ${code(op.toolName)} and the function ${code(op.functionName)} disappear`;
  if (kind === "without-deprecation") {
    findings.add({ ...base, id: "api-removed-without-deprecation", message: `${what}, and it was never deprecated` });
  } else if (kind === "before-sunset") {
    findings.add({ ...base, id: "api-removed-before-sunset", message: `${what} before its x-sunset date ${sunset}` });
  } else {
    findings.add({
      ...base,
      id: "api-removed-with-deprecation",
      message: `${what}; it was deprecated${sunset ? ` (sunset ${sunset})` : ""}`,
    });
  }
}

export function reportAdded(findings: Findings, op: OperationModel): void {
  const base = { tool: { new: op.toolName }, operation: operationRef(op), location: { section: "operation" as const } };
  findings.add({ ...base, id: "endpoint-added", message: `added ${wireMethod(op.method)} ${op.path} as the tool ${code(op.toolName)}` });
  if (op.operationId === undefined) {
    findings.add({
      ...base,
      id: "tool-operation-id-missing",
      message: `${wireMethod(op.method)} ${op.path} has no operationId: its tool name ${code(op.toolName)} derives from the path and changes whenever the path does; give it an operationId`,
    });
  }
}

/** An empty title is named after the file (model/info-fields.ts): say so rather than "changed". */
function titleChange(oldModel: ToolkitModel, newModel: ToolkitModel): string {
  const side = (m: ToolkitModel) => (m.titleIsFallback ? `empty (named ${code(m.title)} after its source)` : code(m.title));
  if (oldModel.titleIsFallback || newModel.titleIsFallback) return `info.title went from ${side(oldModel)} to ${side(newModel)}`;
  return `info.title changed from ${code(oldModel.title)} to ${code(newModel.title)}`;
}

/** Why a matched operation's tool name changed, as a clause. */
export function renameReason(oldModel: ToolkitModel, newModel: ToolkitModel, pair: OperationPair): string {
  const reasons: string[] = [];
  if (oldModel.title !== newModel.title) reasons.push(titleChange(oldModel, newModel));
  if (oldModel.version !== newModel.version)
    reasons.push(`info.version changed from ${code(oldModel.version)} to ${code(newModel.version)}`);
  const a = pair.old;
  const b = pair.new;
  if (a.operationId !== b.operationId) {
    if (a.operationId === undefined) reasons.push(`the operation gained the operationId ${code(b.operationId)}`);
    else if (b.operationId === undefined)
      reasons.push(`the operation lost its operationId ${code(a.operationId)}, so the name now derives from the path`);
    else reasons.push(`the operationId changed from ${code(a.operationId)} to ${code(b.operationId)}`);
  } else if (a.toolId !== b.toolId) {
    reasons.push(
      b.operationId !== undefined
        ? `another operation now uses the operationId ${code(b.operationId)}, so this one is named ${code(b.toolId)}`
        : `the name derived from the path changed from ${code(a.toolId)} to ${code(b.toolId)}`,
    );
  }
  return reasons.join(" and ");
}

/**
 * Renamed tools. When every matched tool is renamed at once (a new title or version, or every
 * operationId changed) that is one finding listing them all, not one per tool; returns whether
 * that happened, so the per-operation pass does not repeat it.
 */
export function reportRenames(
  findings: Findings,
  oldModel: ToolkitModel,
  newModel: ToolkitModel,
  pairs: readonly OperationPair[],
): boolean {
  const renamed = pairs.filter((p) => p.old.toolName !== p.new.toolName);
  const namespace = oldModel.title !== newModel.title || oldModel.version !== newModel.version;
  if (renamed.length === 0 || renamed.length !== pairs.length || (!namespace && pairs.length < 2)) return false;
  const renames: RenamedTool[] = renamed.map((p) => ({
    old: p.old.toolName,
    new: p.new.toolName,
    method: wireMethod(p.new.method),
    path: p.new.path,
    ...(p.old.functionName !== p.new.functionName ? { oldFunction: p.old.functionName, newFunction: p.new.functionName } : {}),
  }));
  const why: string[] = [];
  if (oldModel.title !== newModel.title) why.push(titleChange(oldModel, newModel));
  if (oldModel.version !== newModel.version) why.push(`info.version changed from ${code(oldModel.version)} to ${code(newModel.version)}`);
  if (why.length === 0) why.push("every operationId changed");
  findings.add({
    id: "all-tools-renamed",
    tool: {},
    location: { section: "document" },
    renames,
    message: `every tool was renamed because ${why.join(" and ")} (${renames.length} tool${renames.length === 1 ? "" : "s"}, e.g. ${code(renames[0]!.old)} -> ${code(renames[0]!.new)}): prompts, stored tool calls and toolkit.call() names must use the new names`,
  });
  return true;
}

/** An operationId newly shared by several operations: which one keeps the plain name depends on document order. */
export function reportDuplicates(findings: Findings, oldModel: ToolkitModel, newModel: ToolkitModel): void {
  const oldCounts = countIds(oldModel.operations);
  const newCounts = countIds(newModel.operations);
  for (const op of newModel.operations) {
    const id = op.operationId;
    if (id === undefined) continue;
    const count = newCounts.get(id)!;
    if (count < 2 || (oldCounts.get(id) ?? 0) >= count) continue;
    findings.add({
      id: "tool-operation-id-duplicated",
      tool: { new: op.toolName },
      operation: operationRef(op),
      location: { section: "operation" },
      message: `the operationId ${code(id)} is used by ${count} operations; this one is the tool ${code(op.toolName)}, and which one keeps the plain name depends on document order: give each a unique operationId`,
    });
  }
}

function countIds(operations: readonly OperationModel[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const op of operations) if (op.operationId !== undefined) counts.set(op.operationId, (counts.get(op.operationId) ?? 0) + 1);
  return counts;
}
