/**
 * The no-change check: before loading, modelling and emitting, is the output folder
 * already what this run would write? It is when, against the folder's `toolgen.lock.json`,
 * - toolgen's version is the one that wrote the lock;
 * - the options that change the output (`lockOptionsOf`) are the same;
 * - the source is the same document, and every document the last generation read (the
 *   description, each `$ref`'d file, `examples.yaml`) has the same bytes: files are hashed again,
 *   remote documents are asked for with a conditional GET (the lock's ETag and Last-Modified; a
 *   304 means unchanged, a 200 is hashed), and an `examples.yaml` that was absent is still absent;
 * - every generated file still has the hash the lock records.
 * Nothing is parsed: the cost is reading and hashing the bytes, and when something changed the
 * load is handed the bytes read (it reads none of them twice). Generation is deterministic in
 * exactly these inputs, so a full run would write the same bytes (and `--check` find nothing).
 *
 * The documents come from the lock, which sits in the output folder and may have been edited, so
 * each is held to the rules the load holds its `$ref`s to (`checkRefScope`: no file outside the
 * description's folder and no other origin without `allowExternalRefs`, never a private address),
 * and their hashes must add up to the lock's `inputsSha256`. Anything that cannot be checked
 * (a lock from an older toolgen, a document that cannot be read) means "changed": the full run
 * then does what it always did, errors included. Only a server that did not answer in time is
 * reported from here, so a dead server is not waited for twice.
 *
 * Kept light on purpose: nothing here imports the parser, the model or the emitters.
 */
import { readFile } from "node:fs/promises";
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { displayName } from "./load/bundle-refs.js";
import { offlineReader } from "./load/description-cache.js";
import { networkReader, sha256Hex, type DocumentReader, type ReadRecord } from "./load/document-reader.js";
import { lightFetch } from "./load/light-fetch.js";
import { examplesExist, examplesUrlOf, httpSettings, inputsHash } from "./load/load-inputs.js";
import type { LoadOptions } from "./load/loaded-description.js";
import { rereadAs, rereadDocument } from "./load/poll-document.js";
import { NoAnswerError, type DocumentText, type HttpSettings } from "./load/read-document-text.js";
import { checkRefScope } from "./load/ref-scope.js";
import { resolveSource } from "./load/resolve-source.js";
import { changedOptions, LOCK_FILE, lockOptionsOf, lockPathOf, lockUrlOf, readLock, type LockDocument, type LockFile, type LockOptions } from "./emit/lock-file.js";
import { toolgenVersion } from "./toolgen-version.js";

/** Why a run could not skip, in the order the check decides (the first one found is reported). */
export type ChangeKind =
  | "no-lock" // no toolgen.lock.json (a first run), or one that cannot be read
  | "toolgen-changed"
  | "options-changed"
  | "lock-incomplete" // a lock from before the no-change check, or one that does not add up
  | "source-changed" // another document than last time
  | "description-changed" // the description, a `$ref`'d document or examples.yaml
  | "unreadable" // a document could not be read again; the full run reports why
  | "missing" // a generated file is gone
  | "edited"; // a generated file's bytes are not the ones toolgen wrote

export interface Change {
  readonly kind: ChangeKind;
  /** For the user: "the description changed", "$ref'd specs/common.yaml changed", "options changed: baseUrl", … */
  readonly detail: string;
}

/** What a skipped run returns instead of a `GenerateResult`: the folder is as this run would write it. */
export interface UpToDateResult {
  readonly upToDate: true;
  /** The folder's lock, which still describes it exactly. */
  readonly lock: LockFile;
  /** The documents checked, root first, with the validators now known (`--watch` follows them). */
  readonly documents: readonly ReadRecord[];
}

export type UpToDateCheck =
  | UpToDateResult
  | {
      readonly upToDate: false;
      readonly change: Change;
      /** The documents read while checking (a 304 brings none), for the load to use instead of reading them again (`LoadOptions.prefetched`). */
      readonly prefetched: ReadonlyMap<string, DocumentText>;
    };

export interface UpToDateOptions extends LoadOptions {
  readonly out: string;
  readonly emit?: LockOptions["emit"];
  readonly runtime?: LockOptions["runtime"];
  readonly format?: boolean;
  readonly baseUrl?: string;
}

export async function checkUpToDate(source: string, options: UpToDateOptions): Promise<UpToDateCheck> {
  const prefetched = new Map<string, DocumentText>();
  const changed = (kind: ChangeKind, detail: string): UpToDateCheck => ({ upToDate: false, change: { kind, detail }, prefetched });
  const lock = await readLock(options.out);
  if (lock === undefined) return changed("no-lock", `there is no ${LOCK_FILE} from an earlier run`);
  const version = toolgenVersion();
  if (lock.toolgen !== version) return changed("toolgen-changed", `generated by toolgen ${lock.toolgen} before, this is toolgen ${version}`);
  const optionNames = changedOptions(lock.options, lockOptionsOf(options));
  if (optionNames.length > 0) return changed("options-changed", `options changed: ${optionNames.join(", ")}`);
  const recorded = lock.description.documents;
  if (!Array.isArray(recorded) || recorded.length === 0 || !recorded.every(isLockDocument)) {
    return changed("lock-incomplete", `${LOCK_FILE} does not list the documents read (written by an older toolgen)`);
  }

  const env = options.env ?? process.env;
  let root: string;
  let examplesUrl: string;
  let remote: boolean;
  try {
    const resolved = resolveSource(source, env);
    root = resolved.documentUrl;
    examplesUrl = examplesUrlOf(resolved);
    remote = resolved.kind !== "file";
  } catch {
    return changed("unreadable", "the source could not be resolved");
  }
  const first = recorded[0] as LockDocument;
  const nameNow = remote ? lockUrlOf(root, true) : lockPathOf(root, options.out);
  const nameThen = remote ? first.url : first.path;
  if (nameThen !== nameNow) return changed("source-changed", `the source is ${nameNow}, last time it was ${nameThen ?? "another one"}`);

  // Global fetch would load undici, which costs more than the rest of a remote no-change run.
  const http = { ...httpSettings(options, env, remote ? root : undefined), ...(options.fetch === undefined ? { fetch: lightFetch } : {}) };
  if (options.offline === true && options.cacheDir === undefined) return changed("unreadable", "--offline without a cache directory");
  const offline = options.offline === true && options.cacheDir !== undefined ? offlineReader(options.cacheDir, networkReader(http)) : undefined;
  const [documents, outputs] = await Promise.all([
    checkDocuments(recorded, { root, refRoot: first.redirectedTo ?? root, examplesUrl, out: options.out, allow: options.allowExternalRefs === true, http, offline, prefetched }),
    checkOutputs(lock, options.out),
  ]);
  if ("kind" in documents) return { upToDate: false, change: documents, prefetched };
  if (inputsHash(documents) !== lock.description.inputsSha256) {
    return changed("lock-incomplete", `the documents ${LOCK_FILE} lists do not add up to its inputsSha256`);
  }
  if (outputs !== undefined) return { upToDate: false, change: outputs, prefetched };
  return { upToDate: true, lock, documents };
}

interface DocumentCheck {
  readonly root: string;
  /**
   * Where the description finally came from (after redirects, as the lock recorded it): the load
   * holds `$ref`s to the scope rules against it, so the check does too.
   */
  readonly refRoot: string;
  readonly examplesUrl: string;
  readonly out: string;
  readonly allow: boolean;
  readonly http: HttpSettings;
  /** Set with `--offline`: remote documents come from the cache (files are still read). */
  readonly offline: DocumentReader | undefined;
  readonly prefetched: Map<string, DocumentText>;
}

/** The documents again, as records, or the first change (in the lock's order). */
async function checkDocuments(recorded: readonly LockDocument[], check: DocumentCheck): Promise<ReadRecord[] | Change> {
  const urls = recorded.map((document, index) => (index === 0 ? check.root : document.path !== undefined ? pathToFileURL(resolve(check.out, document.path)).href : (document.url as string)));
  const answers = await Promise.all(recorded.map((document, index) => checkDocument(document, urls[index] as string, index === 0, check)));
  const change = answers.find((answer): answer is Change => "kind" in answer);
  if (change !== undefined) return change;
  // An examples.yaml that was not there must still not be there.
  if (!urls.includes(check.examplesUrl)) {
    const appeared = await examplesExist(check.examplesUrl, check.offline ?? networkReader(check.http)).catch(() => undefined);
    if (appeared === undefined) return { kind: "unreadable", detail: "examples.yaml could not be looked for" };
    if (appeared) return { kind: "description-changed", detail: "examples.yaml is new" };
  }
  return answers as ReadRecord[];
}

async function checkDocument(document: LockDocument, url: string, isRoot: boolean, check: DocumentCheck): Promise<ReadRecord | Change> {
  const name = isRoot ? "the description" : url === check.examplesUrl ? "examples.yaml" : `$ref'd ${shortName(url)}`;
  const guard = isRoot ? undefined : (next: string) => checkRefScope(next, check.refRoot, check.allow);
  try {
    await guard?.(url);
    const then: ReadRecord = {
      url,
      finalUrl: url,
      sha256: document.sha256,
      bytes: document.bytes,
      ...(document.etag !== undefined ? { etag: document.etag } : {}),
      ...(document.lastModified !== undefined ? { lastModified: document.lastModified } : {}),
    };
    const now = check.offline !== undefined ? rereadAs(then, await check.offline.read(url, guard)) : await rereadDocument(then, check.http, guard);
    // Should anything have changed, the load uses these bytes instead of reading them again.
    if (now.text !== undefined) check.prefetched.set(url, now.text);
    if (now.changed) return { kind: "description-changed", detail: `${name} changed` };
    if (!url.startsWith("file:") && redirectChanged(document, url, now.record.finalUrl)) return { kind: "description-changed", detail: `${name} now redirects elsewhere` };
    return now.record;
  } catch (error) {
    if (error instanceof NoAnswerError) throw error;
    return { kind: "unreadable", detail: `${name} could not be read again (${error instanceof Error ? error.message : String(error)})` };
  }
}

function redirectChanged(document: LockDocument, url: string, finalUrl: string): boolean {
  const then = document.redirectedTo ?? lockUrlOf(url, true);
  return lockUrlOf(finalUrl, true) !== then;
}

/** The first generated file that is gone or not what toolgen wrote, if any. */
async function checkOutputs(lock: LockFile, out: string): Promise<Change | undefined> {
  const entries = Object.entries(lock.files).filter(([path]) => path !== LOCK_FILE);
  const found = await Promise.all(
    entries.map(async ([path, hash]): Promise<Change | undefined> => {
      if (typeof hash !== "string" || isAbsolute(path) || path.split(/[\\/]/).includes("..")) {
        return { kind: "lock-incomplete", detail: `${LOCK_FILE} names ${path}, which is not a file of the output folder` };
      }
      const bytes = await readFile(join(out, path)).catch(() => undefined);
      if (bytes === undefined) return { kind: "missing", detail: `${path} was missing` };
      if (sha256Hex(bytes) !== hash) return { kind: "edited", detail: `${path} was edited after toolgen generated it` };
      return undefined;
    }),
  );
  return found.find((change) => change !== undefined);
}

function isLockDocument(value: unknown): value is LockDocument {
  if (typeof value !== "object" || value === null) return false;
  const document = value as Record<string, unknown>;
  return typeof document.sha256 === "string" && typeof document.bytes === "number" && (typeof document.path === "string" || typeof document.url === "string");
}

/** A document for messages: a file relative to the working directory, a URL without credentials. */
function shortName(url: string): string {
  if (!url.startsWith("file:")) return displayName(url);
  return relative(process.cwd(), fileURLToPath(url)) || fileURLToPath(url);
}
