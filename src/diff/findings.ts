/**
 * Collects findings while the comparison runs. Each gets its default level from the catalogue
 * and a fingerprint that identifies it for `--ignore` (rule id + operation + location, plus the
 * value for findings that can repeat at one place, such as each enum value added).
 */
import { createHash } from "node:crypto";
import {
  locationText,
  operationText,
  type ChangeLocation,
  type DiffChange,
  type Direction,
  type OperationRef,
  type RenamedTool,
  type ToolRef,
} from "./change.js";
import { wireMethod } from "../model/operation-methods.js";
import type { OperationModel } from "../model/toolkit-model.js";
import { defaultLevel } from "./rules.js";
import type { FindingOrigin } from "./finding-places.js";

export interface FindingInput {
  readonly id: string;
  readonly tool: ToolRef;
  readonly operation?: OperationRef;
  readonly location: ChangeLocation;
  readonly message: string;
  readonly direction?: Direction;
  readonly previous?: OperationRef;
  readonly renames?: readonly RenamedTool[];
  /** Distinguishes findings of one rule at one place (an enum value, a branch, a scheme). */
  readonly subject?: string;
  /** What it was found at, for its place in the files (finding-places.ts); not part of the finding. */
  readonly origin?: FindingOrigin;
}

export function fingerprintOf(id: string, operation: OperationRef | undefined, location: ChangeLocation, subject?: string): string {
  const text = [id, operationText(operation), locationText(location), subject ?? ""].join("\n");
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}

export class Findings {
  readonly list: DiffChange[] = [];
  /** Each finding's origin, by its fingerprint (unique, and kept when the policy changes a level). */
  readonly origins = new Map<string, FindingOrigin>();
  private readonly taken = new Set<string>();

  add(input: FindingInput): void {
    const { subject, origin, ...rest } = input;
    let fingerprint = fingerprintOf(input.id, input.operation, input.location, subject);
    // Two findings must never share a fingerprint, or ignoring one would ignore both.
    if (this.taken.has(fingerprint))
      fingerprint = fingerprintOf(input.id, input.operation, input.location, `${subject ?? ""}\n${input.message}`);
    this.taken.add(fingerprint);
    if (origin !== undefined) this.origins.set(fingerprint, origin);
    this.list.push({ ...rest, level: defaultLevel(input.id), fingerprint });
  }
}

export function operationRef(op: OperationModel): OperationRef {
  return {
    method: wireMethod(op.method),
    path: op.path,
    ...(op.operationId !== undefined ? { operationId: op.operationId } : {}),
  };
}
