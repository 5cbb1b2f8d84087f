/**
 * Pairs the operations of two models. First pass: method + path template with parameter names
 * ignored. Second pass, over what is left: the same operationId on both sides is the same tool
 * whose address moved (reported as `endpoint-moved`). Ambiguous operationIds (used twice on a side)
 * never pair in the second pass: a guess there would hide a removal.
 */
import type { OperationModel, ToolkitModel } from "../model/toolkit-model.js";
import { normalizePathTemplate } from "./path-template.js";

export interface OperationPair {
  readonly old: OperationModel;
  readonly new: OperationModel;
  /** True when paired by operationId because method or path template differ. */
  readonly moved: boolean;
}

export interface OperationMatch {
  readonly pairs: readonly OperationPair[];
  readonly removed: readonly OperationModel[];
  readonly added: readonly OperationModel[];
}

export function endpointKey(operation: OperationModel): string {
  return `${operation.method} ${normalizePathTemplate(operation.path)}`;
}

export function matchOperations(oldModel: ToolkitModel, newModel: ToolkitModel): OperationMatch {
  const newByKey = new Map<string, OperationModel>();
  for (const op of newModel.operations) {
    const key = endpointKey(op);
    // Two templates that differ only in parameter names on one side: the first one wins, the
    // other is reported as added or removed.
    if (!newByKey.has(key)) newByKey.set(key, op);
  }
  const pairs: OperationPair[] = [];
  const matchedNew = new Set<OperationModel>();
  const leftOld: OperationModel[] = [];
  for (const op of oldModel.operations) {
    const partner = newByKey.get(endpointKey(op));
    if (partner && !matchedNew.has(partner)) {
      pairs.push({ old: op, new: partner, moved: false });
      matchedNew.add(partner);
    } else {
      leftOld.push(op);
    }
  }
  const leftNew = newModel.operations.filter((op) => !matchedNew.has(op));

  const oldIds = countIds(oldModel.operations);
  const newIds = countIds(newModel.operations);
  const leftNewById = new Map<string, OperationModel>();
  for (const op of leftNew) {
    if (op.operationId !== undefined && newIds.get(op.operationId) === 1) leftNewById.set(op.operationId, op);
  }
  const removed: OperationModel[] = [];
  for (const op of leftOld) {
    const partner = op.operationId !== undefined && oldIds.get(op.operationId) === 1 ? leftNewById.get(op.operationId) : undefined;
    if (partner) {
      pairs.push({ old: op, new: partner, moved: true });
      matchedNew.add(partner);
    } else {
      removed.push(op);
    }
  }
  const added = leftNew.filter((op) => !matchedNew.has(op));
  return { pairs, removed, added };
}

function countIds(operations: readonly OperationModel[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const op of operations) if (op.operationId !== undefined) counts.set(op.operationId, (counts.get(op.operationId) ?? 0) + 1);
  return counts;
}
