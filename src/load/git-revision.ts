/**
 * A description as it is in a git revision: `origin/main:api/openapi.yaml`, git's own
 * `<rev>:<path>` syntax, so what a reviewer types for `git show` works for `toolgen diff`.
 *
 * Such a source is read from git, and so is every document it `$ref`s, from the same revision.
 * Each document of it has a URL of its own, `git-rev://<rev, percent-encoded>/<path from the top of
 * the repository>`, so relative `$ref`s resolve with `new URL(ref, base)` exactly as they do between
 * files, and cannot climb out of the revision (`..` stops at its root). Messages and places name
 * the document as git does, `<rev>:<path>` (`gitRevisionName`).
 */
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

export const GIT_REVISION_PROTOCOL = "git-rev:";

/** A `<rev>:<path>` source: the revision as typed, the path from the top of the repository, and where that top is. */
export interface GitRevisionSource {
  readonly revision: string;
  readonly path: string;
  readonly repository: string;
}

/**
 * `input` as a git revision and path, when it has that form, names no existing file, and `dir`
 * is inside a git repository; `undefined` otherwise (the caller then reads it as a file, which
 * reports a missing one as before). Whether the revision and the path exist is found out when
 * the document is read.
 *
 * The path is git's: from the top of the repository, or from `dir` when it starts with `./` or
 * `../`. A revision starting with `-` would read as an option of git, and is not taken as one.
 */
export function gitRevisionOf(input: string, dir: string): GitRevisionSource | undefined {
  const colon = input.indexOf(":");
  if (colon <= 0 || colon === input.length - 1) return undefined;
  const revision = input.slice(0, colon);
  const path = input.slice(colon + 1);
  if (revision.startsWith("-") || (process.platform === "win32" && /^[A-Za-z]$/.test(revision))) return undefined;
  const here = resolve(dir);
  if (existsSync(resolve(here, input))) return undefined;
  const repository = repositoryAround(here);
  if (repository === undefined) return undefined;
  const fromHere = path === "." || path.startsWith("./") || path.startsWith("../");
  const full = fromHere ? relative(repository, resolve(here, path)) : path;
  const fromTop = full.split(sep).join("/").replace(/^\/+/, "");
  if (fromTop === "" || fromTop === ".." || fromTop.startsWith("../")) return undefined;
  return { revision, path: fromTop, repository };
}

/** The URL of a document in a revision. */
export function gitRevisionUrl(revision: string, path: string): string {
  return new URL(`${GIT_REVISION_PROTOCOL}//${encodeURIComponent(revision)}/${path.split("/").map(encodeURIComponent).join("/")}`).href;
}

/** `git-rev://origin%2Fmain/api/openapi.yaml` -> the revision and the path (`origin/main`, `api/openapi.yaml`). */
export function gitRevisionParts(url: string): { readonly revision: string; readonly path: string } {
  const parsed = new URL(url);
  return { revision: decodeURIComponent(parsed.host), path: decodeURIComponent(parsed.pathname.replace(/^\/+/, "")) };
}

/** A document of a revision as git names it: `origin/main:api/openapi.yaml`. */
export function gitRevisionName(url: string): string {
  const { revision, path } = gitRevisionParts(url);
  const hash = url.indexOf("#");
  return `${revision}:${path}${hash >= 0 ? url.slice(hash) : ""}`;
}

/**
 * The top of the repository `dir` is in: the nearest folder upwards that holds `.git` (a folder,
 * or the file a worktree or submodule has). No git process: this runs for every source given.
 */
function repositoryAround(dir: string): string | undefined {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(join(current, ".git"))) return current;
    if (dirname(current) === current) return undefined;
  }
}
