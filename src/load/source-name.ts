/**
 * The name a source document goes by in places a person reads (diff findings, annotations): a file
 * inside the working directory as a path relative to it, so editors, terminals and GitHub's
 * annotations resolve it from where the command ran (the repository, in CI); a file outside it as
 * its absolute path; a git revision's document as `<rev>:<path>` and anything fetched as its URL
 * without credentials (displayName).
 */
import { isAbsolute, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { displayName } from "./bundle-refs.js";

export function sourceName(url: string, cwd: string = process.cwd()): string {
  if (!url.startsWith("file:")) return displayName(url);
  const path = fileURLToPath(url);
  const named = relative(cwd, path);
  // Outside the working directory, or on another drive on Windows.
  if (named === "" || named === ".." || named.startsWith(`..${sep}`) || isAbsolute(named)) return path;
  return sep === "/" ? named : named.split(sep).join("/");
}
