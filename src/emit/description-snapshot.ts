/**
 * `toolgen.description.json.br`, written beside `toolgen.lock.json`: the description the output
 * was generated from, bundled (every external `$ref` in, a Swagger 2.0 description as its OpenAPI
 * 3.0 conversion), as minified JSON compressed with brotli. When the description changes, the next
 * run compares the new one with it and says what broke (src/description-changes.ts), also on a
 * fresh clone in CI, where neither the old server nor the old files are there to ask.
 *
 * It is committed with the output, so it is deterministic (the same description gives the same
 * bytes, and an unchanged one is not rewritten) and small: brotli at quality 5 makes GitHub's
 * 13 MB description (6.9 MB minified) 417 kB in about 0.35 s, compressed on libuv's thread pool
 * while the main thread emits; quality 11 would save a fifth more and take 26 s (docs/build-step.md).
 *
 * It is not one of the lock's `files`: the no-change check never reads it, and `--check` does not
 * call the output stale over it. It says which generation it belongs to (the lock's
 * `inputsSha256`), so one left from another generation is never compared with.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants } from "node:zlib";
import { writeFileAtomically } from "../atomic-write.js";
import type { LoadedDescription, OpenApiDocument, OpenApiVersion } from "../load/loaded-description.js";
import { LOCK_FILE } from "./lock-file.js";

export const SNAPSHOT_FILE = "toolgen.description.json.br";

const FORMAT = 1;
const QUALITY = 5;
const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);

/** What a snapshot holds: enough to build the model of the description again. */
export interface DescriptionSnapshot {
  readonly snapshot: typeof FORMAT;
  /** The lock's `inputsSha256` of the generation it was written by. */
  readonly inputsSha256: string;
  readonly openapiVersion: OpenApiVersion;
  readonly document: OpenApiDocument;
  readonly examples?: unknown;
}

/** The snapshot's bytes for a loaded description (JSON.stringify here, brotli on the thread pool). */
export function snapshotBytes(loaded: LoadedDescription): Promise<Buffer> {
  const snapshot: DescriptionSnapshot = {
    snapshot: FORMAT,
    inputsSha256: loaded.inputsSha256,
    openapiVersion: loaded.openapiVersion,
    document: loaded.document,
    ...(loaded.examples !== undefined ? { examples: loaded.examples } : {}),
  };
  const json = Buffer.from(JSON.stringify(snapshot), "utf8");
  return compress(json, { params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.byteLength } });
}

/** Writes the snapshot unless the folder already holds exactly these bytes. Returns whether it wrote. */
export async function writeSnapshot(outDir: string, bytes: Uint8Array): Promise<boolean> {
  const path = join(outDir, SNAPSHOT_FILE);
  const current = await readFile(path).catch(() => undefined);
  if (current !== undefined && current.equals(bytes)) return false;
  await writeFileAtomically(path, bytes);
  return true;
}

/**
 * The snapshot of the generation whose lock says `inputsSha256`, or why there is none to compare
 * with. `maxBytes` bounds the decompressed size (a snapshot is read from a folder anyone may edit).
 */
export async function readSnapshot(outDir: string, inputsSha256: string, maxBytes: number): Promise<DescriptionSnapshot | { readonly missing: string }> {
  const bytes = await readFile(join(outDir, SNAPSHOT_FILE)).catch(() => undefined);
  if (bytes === undefined) return { missing: `there is no ${SNAPSHOT_FILE} from the last generation (toolgen keeps one from this run on)` };
  let value: unknown;
  try {
    value = JSON.parse((await decompress(bytes, { maxOutputLength: maxBytes })).toString("utf8"));
  } catch (error) {
    return { missing: `${SNAPSHOT_FILE} cannot be read (${error instanceof Error ? error.message.split("\n")[0] : String(error)})` };
  }
  const snapshot = value as Partial<DescriptionSnapshot> | null;
  if (snapshot === null || typeof snapshot !== "object" || snapshot.snapshot !== FORMAT || typeof snapshot.document !== "object" || snapshot.document === null || !["3.0", "3.1", "3.2"].includes(String(snapshot.openapiVersion))) {
    return { missing: `${SNAPSHOT_FILE} is not a snapshot this toolgen reads` };
  }
  if (snapshot.inputsSha256 !== inputsSha256) return { missing: `${SNAPSHOT_FILE} is not of the generation ${LOCK_FILE} describes` };
  return snapshot as DescriptionSnapshot;
}
