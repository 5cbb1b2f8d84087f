/**
 * Reads the documents of a git revision (git-revision.ts) with the `git` command, run without a
 * shell, its arguments an array: nothing typed by the user or written in a `$ref` is ever
 * interpreted by a shell, and a revision cannot pass as an option (those starting with `-` are
 * not taken as revisions at all).
 *
 * `git cat-file blob <rev>:<path>` rather than `git show`: it writes the blob's bytes as stored,
 * with no pager, no textconv filter, and a folder is an error rather than a listing. Documents of
 * other kinds (`file:` or `http(s):` `$ref`s allowed with `allowExternalRefs`) go to `inner`.
 */
import { execFile } from "node:child_process";
import { BadInputError } from "./bad-input-error.js";
import type { DocumentReader } from "./document-reader.js";
import { GIT_REVISION_PROTOCOL, gitRevisionName, gitRevisionParts } from "./git-revision.js";
import { decode, type DocumentText } from "./read-document-text.js";

export function gitDocumentReader(repository: string, maxBytes: number, inner: DocumentReader): DocumentReader {
  return {
    read: (url, guard) => (url.startsWith(GIT_REVISION_PROTOCOL) ? readGitDocument(repository, url, maxBytes) : inner.read(url, guard)),
    exists: (url) => (url.startsWith(GIT_REVISION_PROTOCOL) ? gitDocumentExists(repository, url) : inner.exists(url)),
  };
}

async function readGitDocument(repository: string, url: string, maxBytes: number): Promise<DocumentText> {
  const { revision, path } = gitRevisionParts(url);
  const name = gitRevisionName(url);
  const answer = await git(repository, ["cat-file", "blob", `${revision}:${path}`], maxBytes);
  if (answer.ok) return { text: decode(answer.stdout), bytes: answer.stdout, url };
  if (answer.tooLarge) throw new BadInputError(`is larger than the limit of ${maxBytes} bytes`, name);
  if (answer.missingGit) throw new BadInputError(`cannot be read: git cannot be run (${answer.reason})`, name);
  // Which of the two is missing: the revision, or the file in it.
  const commit = await git(repository, ["rev-parse", "--verify", "--quiet", `${revision}^{commit}`], 4096);
  if (!commit.ok) throw new BadInputError(`the git repository ${repository} has no revision "${revision}"`, name);
  const kind = await git(repository, ["cat-file", "-t", `${revision}:${path}`], 4096);
  if (kind.ok && decode(kind.stdout).trim() !== "blob") throw new BadInputError(`is not a file in revision ${revision}`, name);
  throw new BadInputError(`no such file in revision ${revision}`, name);
}

async function gitDocumentExists(repository: string, url: string): Promise<boolean> {
  const { revision, path } = gitRevisionParts(url);
  const kind = await git(repository, ["cat-file", "-t", `${revision}:${path}`], 4096);
  return kind.ok && decode(kind.stdout).trim() === "blob";
}

type GitAnswer =
  | { readonly ok: true; readonly stdout: Buffer }
  | { readonly ok: false; readonly tooLarge: boolean; readonly missingGit: boolean; readonly reason: string };

/** Runs git in `repository`; at most `maxBytes` of output are taken (more is an answer of its own). */
function git(repository: string, args: readonly string[], maxBytes: number): Promise<GitAnswer> {
  return new Promise((resolve) => {
    execFile(
      "git",
      ["--no-pager", ...args],
      // No prompt for credentials, no locale-dependent messages (only exit codes are read).
      { cwd: repository, encoding: "buffer", maxBuffer: maxBytes, windowsHide: true, env: { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" } },
      (error, stdout) => {
        if (error === null) return resolve({ ok: true, stdout });
        const code = (error as NodeJS.ErrnoException).code;
        resolve({
          ok: false,
          tooLarge: code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER",
          missingGit: code === "ENOENT",
          reason: String(code ?? error.message),
        });
      },
    );
  });
}
