/**
 * model -> diff (DESIGN.md data flow): compares two toolkit models and judges every change for
 * the generated TypeScript client and the model's tools. Pure: no I/O; the same two models always
 * give the same findings in the same order.
 */
import type { ToolkitModel } from "../model/toolkit-model.js";
import { summarize, type DiffResult } from "./change.js";
import { compareOperation } from "./compare-operation.js";
import { applyConfig, type DiffConfig } from "./diff-config.js";
import { FindingPlacer } from "./finding-places.js";
import { Findings, operationRef } from "./findings.js";
import { matchOperations } from "./match-operations.js";
import { sortChanges } from "./order.js";
import { SchemaComparer } from "./schema-graph.js";
import { reportAdded, reportDuplicates, reportRemoved, reportRenames } from "./tool-identity.js";

export interface DiffOptions {
  /** Level overrides and ignored findings. */
  readonly config?: DiffConfig;
  /** "Today", for x-sunset dates (default: now). */
  readonly now?: Date;
}

export function diffModels(oldModel: ToolkitModel, given: ToolkitModel, options: DiffOptions = {}): DiffResult {
  const newModel = withSharedFallbackTitle(oldModel, given);
  const now = options.now ?? new Date();
  const findings = new Findings();
  const { pairs, removed, added } = matchOperations(oldModel, newModel);
  const comparer = new SchemaComparer(oldModel.document, newModel.document);

  for (const op of removed) reportRemoved(findings, oldModel, op, now);
  for (const op of added) reportAdded(findings, op);
  const summarized = reportRenames(findings, oldModel, newModel, pairs);
  reportDuplicates(findings, oldModel, newModel);
  for (const pair of pairs) {
    compareOperation(
      {
        oldModel,
        newModel,
        old: pair.old,
        new: pair.new,
        tool: { old: pair.old.toolName, new: pair.new.toolName },
        operation: operationRef(pair.new),
        comparer,
        findings,
        now,
      },
      pair.moved,
      summarized,
    );
  }

  const { changes, ignored } = applyConfig(findings.list, options.config ?? {});
  const placer = new FindingPlacer(oldModel, newModel);
  const placed = placer.enabled
    ? changes.map((change) => {
        const source = placer.sourceOf(change, findings.origins.get(change.fingerprint));
        return source ? { ...change, source } : change;
      })
    : changes;
  const sorted = sortChanges(placed);
  return {
    summary: summarize(sorted),
    changes: sorted,
    ignored,
    old: { title: oldModel.title, version: oldModel.version },
    new: { title: newModel.title, version: newModel.version },
  };
}

/**
 * Two versions with an empty `info.title` are each named after their own file (`old.json`,
 * `new.json`): that says where the files sit, not that the API was renamed. The new version takes
 * the old one's fallback, so no rename is reported for it. A title given on one side only is a
 * real rename and is reported.
 */
function withSharedFallbackTitle(oldModel: ToolkitModel, newModel: ToolkitModel): ToolkitModel {
  if (!oldModel.titleIsFallback || !newModel.titleIsFallback || oldModel.title === newModel.title) return newModel;
  const prefix = `${newModel.title}/`;
  return {
    ...newModel,
    title: oldModel.title,
    operations: newModel.operations.map((op) => ({ ...op, toolName: `${oldModel.title}/${op.toolName.slice(prefix.length)}` })),
  };
}
