/**
 * The whole generate path as one function (the CLI, the config workflow and the programmatic
 * API all call it): load -> model -> emit -> write or check, reporting each stage. When the
 * description changed since the output was generated, the model is first compared with the one
 * it was generated from (src/description-changes.ts); with `failOn`, a change at that level stops
 * the run before anything is written.
 */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { loadDescription } from "./load/load-description.js";
import type { LoadedDescription, LoadOptions } from "./load/loaded-description.js";
import { inOriginalTerms, withOriginalPlaces } from "./load/original-places.js";
import { buildModel } from "./model/build-model.js";
import { withTypesDocument } from "./model/types-document/types-document.js";
import { withPaginationOverrides, type PaginationOverride } from "./model/pagination.js";
import type { ToolkitModel } from "./model/toolkit-model.js";
import { generateFiles, type EmitOptions } from "./emit/generate-files.js";
import type { GeneratedFile } from "./emit/generated-file.js";
import { checkOutput, obsoleteFiles, type StaleFile } from "./emit/check-output.js";
import { buildLock, LOCK_FILE, lockFileOf, lockOptionsOf, readLock, type LockFile } from "./emit/lock-file.js";
import { removeFiles, writeFiles } from "./emit/write-output.js";
import { stage } from "./generate-progress.js";
import { BreakingChangesError } from "./breaking-changes-error.js";
import type { ChangePolicy, ChangesUnknown, DescriptionChanges } from "./description-changes.js";
import { SNAPSHOT_FILE, snapshotBytes, writeSnapshot } from "./emit/description-snapshot.js";
import { summaryText } from "./diff/summary-text.js";
import { toolgenVersion } from "./toolgen-version.js";
import type { Change } from "./up-to-date.js";

export interface GenerateOptions extends LoadOptions, EmitOptions, ChangePolicy {
  /** Output directory. */
  readonly out: string;
  /** Compare instead of writing. */
  readonly check?: boolean;
  /** Replaces the default base address recorded in the client. */
  readonly baseUrl?: string;
  /** The config file's per-operation paging (model/pagination.ts). */
  readonly pagination?: Readonly<Record<string, PaginationOverride | false>>;
}

export interface GenerateResult {
  /** Tells this from an `UpToDateResult` (src/up-to-date.ts), where nothing was generated. */
  readonly upToDate?: false;
  /**
   * Set by `runToolkits` when its no-change check found something changed: what it found first
   * (the reason this run generated). Absent for a first generation and from `generate` itself.
   */
  readonly change?: Change;
  readonly model: ToolkitModel;
  readonly loaded: LoadedDescription;
  /** Every file of the output folder, `toolgen.lock.json` included. */
  readonly files: readonly GeneratedFile[];
  /** With `check`: the files that differ from what would be generated, each with the reason. */
  readonly stale: readonly StaleFile[];
  /** What `toolgen.lock.json` records for these files. */
  readonly lock: LockFile;
  /** The lock found in the output folder before this run, if any. */
  readonly previousLock?: LockFile;
  /**
   * When the description changed since the last generation: what changed (as `toolgen diff`
   * judges it), or why that cannot be said. Absent for a first generation or the same description.
   */
  readonly sinceLastGeneration?: DescriptionChanges | ChangesUnknown;
  /** Without `check`: files written because their content changed (unchanged files are not touched). */
  readonly written: readonly string[];
  /** Without `check`: files of the previous generation that are no longer generated, now deleted. */
  readonly removed: readonly string[];
}

export async function generate(source: string, options: GenerateOptions): Promise<GenerateResult> {
  const progress = options.onProgress;
  const previousLock = await readLock(options.out);
  // Where a comparison may follow, the texts are kept so its findings can name file and line.
  const comparable = previousLock !== undefined && existsSync(join(options.out, SNAPSHOT_FILE));
  const loaded = await loadDescription(source, comparable ? { ...options, places: true } : options);
  let model = await stage(progress, "model", () => withOriginalPlaces(loaded, () => withTypesDocument(buildModel(loaded))), (m) => ({
    detail: `${m.operations.length} operation${m.operations.length === 1 ? "" : "s"} of "${m.title}"${m.version === "" ? "" : ` ${m.version}`}`,
    count: m.operations.length,
  }));
  if (options.baseUrl !== undefined) model = { ...model, serverUrl: options.baseUrl.replace(/\/+$/, "") };
  if (options.pagination !== undefined) model = withPaginationOverrides(model, options.pagination, (w) => options.onWarning?.(w));
  for (const warning of model.warnings) options.onWarning?.(inOriginalTerms(loaded, warning));
  const sinceLastGeneration = await changesSince(previousLock, loaded, model, options);
  if (!options.check && sinceLastGeneration !== undefined && "diff" in sinceLastGeneration && sinceLastGeneration.failing > 0) {
    throw new BreakingChangesError(sinceLastGeneration, relative(process.cwd(), options.out) || ".");
  }
  // Compressed on the thread pool while the main thread emits.
  const snapshot = options.check ? undefined : snapshotBytes(loaded);
  snapshot?.catch(() => undefined);
  const emitted = await generateFiles(model, options);
  const lock = buildLock(loaded, model, emitted, options.out, lockOptionsOf(options), toolgenVersion());
  const files = [...emitted, lockFileOf(lock)];
  const base = {
    model,
    loaded,
    files,
    lock,
    ...(previousLock !== undefined ? { previousLock } : {}),
    ...(sinceLastGeneration !== undefined ? { sinceLastGeneration } : {}),
  };
  if (options.check) {
    return { ...base, stale: await checkOutput(options.out, emitted, lock, previousLock), written: [], removed: [] };
  }
  return stage(
    progress,
    "write",
    async () => {
      const obsolete = await obsoleteFiles(options.out, emitted, previousLock);
      const written = await writeFiles(options.out, files);
      if (snapshot !== undefined) await writeSnapshot(options.out, await snapshot);
      await removeFiles(options.out, obsolete);
      return { ...base, stale: [], written: written.filter((path) => path !== LOCK_FILE), removed: obsolete };
    },
    (result) => ({
      detail: `${result.written.length} of ${files.length - 1} files changed${result.removed.length > 0 ? `, ${result.removed.length} removed` : ""}`,
      count: result.written.length,
    }),
  );
}

/** The comparison with the last generation, loaded only when the description changed since it. */
async function changesSince(previousLock: LockFile | undefined, loaded: LoadedDescription, model: ToolkitModel, options: GenerateOptions): Promise<DescriptionChanges | ChangesUnknown | undefined> {
  if (previousLock === undefined || previousLock.description.inputsSha256 === loaded.inputsSha256) return undefined;
  const { changesSinceLastGeneration } = await import("./description-changes.js");
  return stage(
    options.onProgress,
    "diff",
    () => changesSinceLastGeneration(previousLock, loaded, model, options.out, options, options.maxBytes),
    (changes) => (changes === undefined || "unknown" in changes ? { detail: "nothing to compare with" } : { detail: `${summaryText(changes.diff.summary)} since the last generation`, count: changes.diff.changes.length }),
  );
}
