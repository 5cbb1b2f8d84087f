/**
 * What changed in the description since the output was generated, judged as `toolgen diff` judges
 * it: the build step is where a tool server's breaking change reaches an app, so a run that
 * regenerates because the description changed says what broke before it says what it wrote, and
 * with `failOn` refuses to write at all.
 *
 * The old side is the snapshot kept beside the lock (emit/description-snapshot.ts), so the
 * comparison needs neither the old server nor the old files: it works on a fresh clone in CI.
 * Nothing here runs when the inputs are unchanged (the no-change check never gets this far).
 */
import { existsSync } from "node:fs";
import { levelRank, type DiffChange, type DiffResult, type Level } from "./diff/change.js";
import { readDiffConfig, type DiffConfig } from "./diff/diff-config.js";
import { diffModels } from "./diff/diff-models.js";
import { readSnapshot } from "./emit/description-snapshot.js";
import type { LockFile } from "./emit/lock-file.js";
import type { LoadedDescription } from "./load/loaded-description.js";
import { DEFAULT_MAX_BYTES } from "./load/read-document-text.js";
import { buildModel } from "./model/build-model.js";
import type { ToolkitModel } from "./model/toolkit-model.js";

/** How the build step judges a changed description. */
export interface ChangePolicy {
  /** Refuse to write when a finding at or above this level remains. */
  readonly failOn?: Level;
  /** A `toolgen-diff.json` (levels, ignored findings) applied as `toolgen diff` applies it; its own `failOn` is not used. */
  readonly diffPolicyFile?: string;
}

export interface DescriptionChanges {
  /** The findings, with the policy file applied. */
  readonly diff: DiffResult;
  readonly failOn?: Level;
  /** The findings to show: breaking ones, and those at or above `failOn`. */
  readonly shown: readonly DiffChange[];
  /** Findings at or above `failOn`: when there are any, nothing is written. */
  readonly failing: number;
}

/** The description changed, but there is nothing to compare it with (no snapshot, or one of another generation). */
export interface ChangesUnknown {
  readonly unknown: string;
}

/**
 * `undefined` when the description is the one the output was generated from, or there was no
 * earlier generation; otherwise what changed, or why that cannot be said.
 */
export async function changesSinceLastGeneration(
  previous: LockFile | undefined,
  loaded: LoadedDescription,
  model: ToolkitModel,
  out: string,
  policy: ChangePolicy,
  maxBytes: number = DEFAULT_MAX_BYTES,
): Promise<DescriptionChanges | ChangesUnknown | undefined> {
  if (previous === undefined || previous.description.inputsSha256 === loaded.inputsSha256) return undefined;
  const snapshot = await readSnapshot(out, previous.description.inputsSha256, maxBytes);
  if ("missing" in snapshot) return { unknown: snapshot.missing };
  // The source is today's: the snapshot is of the same toolkit, and only a title taken from the
  // source's name (info.title empty) depends on it.
  const oldModel = buildModel({
    source: loaded.source,
    document: snapshot.document,
    openapiVersion: snapshot.openapiVersion,
    ...(snapshot.examples !== undefined ? { examples: snapshot.examples } : {}),
    sha256: previous.description.sha256,
    bytes: previous.description.bytes,
    documents: [],
    inputsSha256: snapshot.inputsSha256,
  });
  const config = policy.diffPolicyFile !== undefined && existsSync(policy.diffPolicyFile) ? withoutFailOn(readDiffConfig(policy.diffPolicyFile)) : {};
  const diff = diffModels(oldModel, model, { config });
  const threshold = policy.failOn !== undefined ? Math.min(levelRank(policy.failOn), levelRank("breaking")) : levelRank("breaking");
  const shown = diff.changes.filter((change) => levelRank(change.level) >= threshold);
  const failOn = policy.failOn;
  const failing = failOn === undefined ? 0 : diff.changes.filter((change) => levelRank(change.level) >= levelRank(failOn)).length;
  return { diff, shown, failing, ...(failOn !== undefined ? { failOn } : {}) };
}

/** The build step's `failOn` is the toolkit's (config, `--fail-on`), not the diff command's. */
function withoutFailOn(config: DiffConfig): DiffConfig {
  const { failOn: _ignored, ...rest } = config;
  return rest;
}
