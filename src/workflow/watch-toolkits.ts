/**
 * `--watch`: after a first run, regenerates a toolkit when what it was generated from changes.
 * - Local files (the description, its `$ref` targets, `examples.yaml` beside it): their folders
 *   are watched with `fs.watch`, so an edit is picked up at once. Folders rather than files,
 *   because editors often save by writing a new file and renaming it over the old one.
 * - Remote documents: polled every `pollInterval` ms with a conditional GET (`If-None-Match`);
 *   a 304, or the same bytes, means no change.
 * A change within 150 ms of another is handled once. A failed regeneration is reported and the
 * watch goes on; so does a poll that cannot reach the server (reported once until it answers).
 */
import { readFileSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResolvedConfig, ResolvedToolkit } from "../config/resolve-config.js";
import { sha256Hex, type ReadRecord } from "../load/document-reader.js";
import { pollDocument } from "../load/poll-document.js";
import { checkRefScope } from "../load/ref-scope.js";
import { resolveSource } from "../load/resolve-source.js";
import { runToolkit, type RunOptions, type ToolkitOutcome } from "./run-toolkits.js";

const DEBOUNCE_MS = 150;

export interface WatchOptions extends RunOptions {
  /** Ends the watch. */
  readonly signal: AbortSignal;
  /** Each run's outcome (the first runs' too). */
  readonly onOutcome: (outcome: ToolkitOutcome) => void;
  /** A change was seen and the toolkit is about to be regenerated. */
  readonly onChange?: (toolkit: ResolvedToolkit, trigger: string) => void;
  /** Every toolkit has had its first run; watching starts. */
  readonly onReady?: () => void;
  /** A poll that could not reach the server (reported once per outage). */
  readonly onPollError?: (toolkit: ResolvedToolkit, error: unknown) => void;
}

export async function watchToolkits(config: ResolvedConfig, options: WatchOptions): Promise<void> {
  const watchers = config.toolkits.map((toolkit) => new ToolkitWatcher(toolkit, config, options));
  for (const watcher of watchers) await watcher.regenerate(undefined);
  if (options.signal.aborted) return;
  options.onReady?.();
  await new Promise<void>((resolve) => options.signal.addEventListener("abort", () => resolve(), { once: true }));
  for (const watcher of watchers) watcher.stop();
}

class ToolkitWatcher {
  private documents: readonly ReadRecord[] = [];
  private fileWatchers: FSWatcher[] = [];
  private pollTimer: NodeJS.Timeout | undefined;
  private debounce: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private unreachable = false;

  constructor(
    private readonly toolkit: ResolvedToolkit,
    private readonly config: ResolvedConfig,
    private readonly options: WatchOptions,
  ) {}

  /** Runs the toolkit now, or once more right after the run in progress. */
  regenerate(trigger: string | undefined): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        if (trigger !== undefined) this.options.onChange?.(this.toolkit, trigger);
        const outcome = await runToolkit(this.toolkit, this.config, this.options);
        if (this.options.signal.aborted) return;
        this.options.onOutcome(outcome);
        if (outcome.ok) this.follow(outcome.result.upToDate === true ? outcome.result.documents : outcome.result.loaded.documents);
        else if (this.documents.length === 0) this.follow(this.sourceOnly());
      } while (this.again && !this.options.signal.aborted);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  stop(): void {
    this.closeWatchers();
    clearTimeout(this.debounce);
  }

  private closeWatchers(): void {
    for (const watcher of this.fileWatchers) watcher.close();
    this.fileWatchers = [];
    clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }

  /**
   * What to watch when the very first run failed (server down, file missing): the source itself,
   * with no known content, so the first answer or the first save triggers a run.
   */
  private sourceOnly(): ReadRecord[] {
    try {
      const { documentUrl } = resolveSource(this.toolkit.source, this.options.env ?? process.env);
      return [{ url: documentUrl, finalUrl: documentUrl, sha256: "", bytes: 0 }];
    } catch {
      return [];
    }
  }

  /** Starts watching what the last successful run read (the set can change with the description). */
  private follow(documents: readonly ReadRecord[]): void {
    // A save scheduled while the run was finishing (its debounce still pending) must still run:
    // only the watchers are replaced, not the pending change.
    this.closeWatchers();
    this.documents = documents;
    const folders = new Map<string, Set<string>>();
    for (const document of documents) {
      if (!document.url.startsWith("file:")) continue;
      const path = fileURLToPath(document.url);
      const names = folders.get(dirname(path)) ?? new Set<string>();
      names.add(basename(path));
      folders.set(dirname(path), names);
    }
    // examples.yaml beside a file source (root first) counts even when it does not exist yet.
    const root = documents[0];
    if (root?.url.startsWith("file:")) folders.get(dirname(fileURLToPath(root.url)))?.add("examples.yaml");
    for (const [folder, names] of folders) {
      try {
        const watcher = watch(folder, (_event, name) => {
          if (name === null || names.has(name.toString())) this.schedule(`${name ?? folder} changed`);
        });
        watcher.on("error", () => undefined);
        this.fileWatchers.push(watcher);
      } catch {
        // A folder that vanished: the next successful run sets the watch up again.
      }
    }
    if (documents.some((document) => !document.url.startsWith("file:"))) this.poll();
    // A save that landed while the run was writing its output may have reached only the watcher
    // just closed (its event still queued): compare the files with what the run read.
    const stale = documents.find((document) => document.url.startsWith("file:") && document.sha256 !== "" && !sameContent(document));
    if (stale) this.schedule(`${basename(fileURLToPath(stale.url))} changed`);
  }

  private schedule(trigger: string): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.regenerate(trigger), DEBOUNCE_MS);
  }

  private poll(): void {
    this.pollTimer = setTimeout(() => void this.pollOnce(), this.config.pollInterval);
  }

  private async pollOnce(): Promise<void> {
    this.pollTimer = undefined;
    if (this.options.signal.aborted) return;
    const load = { ...this.toolkit.load, ...(this.options.env ? { env: this.options.env } : {}), ...(this.options.fetch ? { fetch: this.options.fetch } : {}) };
    try {
      const rootUrl = this.documents[0]?.url ?? "";
      const allow = this.toolkit.load.allowExternalRefs === true;
      // The root is the source itself; the other documents were $ref targets, and a redirect
      // from one is held to the $ref rules, as when it was first loaded.
      const next = await Promise.all(
        this.documents.map((document, index) =>
          document.url.startsWith("file:") ? undefined : pollDocument(document, load, rootUrl, index === 0 ? undefined : (url) => checkRefScope(url, rootUrl, allow)),
        ),
      );
      this.unreachable = false;
      const changed = next.findIndex((record) => record !== undefined);
      if (changed >= 0) {
        // Remember what was seen even if regenerating fails, so a broken description is
        // reported once, not on every poll.
        this.documents = this.documents.map((document, index) => next[index] ?? document);
        await this.regenerate(`${this.documents[changed]?.url ?? "the description"} changed`);
      }
    } catch (error) {
      if (!this.unreachable) this.options.onPollError?.(this.toolkit, error);
      this.unreachable = true;
    }
    // A successful regeneration has already started polling the documents it read.
    if (this.pollTimer === undefined && !this.options.signal.aborted) this.poll();
  }
}

/** The file still holds the bytes a run read from it (a missing file does not). */
function sameContent(document: ReadRecord): boolean {
  try {
    return sha256Hex(readFileSync(fileURLToPath(document.url))) === document.sha256;
  } catch {
    return false;
  }
}
