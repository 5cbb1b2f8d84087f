/**
 * What the user typed -> where the description is. A base address gets the protocol's fixed path
 * `/.well-known/openapi.yaml`; a URL that already names a `.yaml`/`.yml`/`.json` document is read
 * as is (its base address is the part before `/.well-known/`, or its directory); `hub:<name>` is
 * the hosted hub's `tool-<name>.` host, as the reference's `from_aistudio` builds it; with
 * `gitRevisions`, `<rev>:<path>` naming no file is that file in a git revision (git-revision.ts);
 * anything else is a local file.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { BadInputError } from "./bad-input-error.js";
import { gitRevisionOf, gitRevisionUrl } from "./git-revision.js";
import type { DescriptionSource } from "./loaded-description.js";

export const DEFAULT_HUB_BASE_URL = "https://aistudio-hub.baidu.com";
const DOCUMENT_RE = /\.(ya?ml|json)$/i;

/**
 * `baseDir`: what a relative file path is relative to (default: the working directory).
 * `gitRevisions`: read `<rev>:<path>` from git too (`toolgen diff`), around `baseDir`.
 */
export function resolveSource(input: string, env: Readonly<Record<string, string | undefined>> = process.env, baseDir = ".", gitRevisions = false): DescriptionSource {
  if (input.startsWith("hub:")) {
    const name = input.slice(4);
    if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(name)) throw new BadInputError(`"${input}" is not a hub tool name (letters, digits and -)`);
    const hub = new URL(env.AISTUDIO_HUB_BASE_URL || DEFAULT_HUB_BASE_URL);
    hub.hostname = `tool-${name}.${hub.hostname}`;
    const baseUrl = hub.href.replace(/\/+$/, "");
    return { kind: "hub", input, documentUrl: `${baseUrl}/.well-known/openapi.yaml`, baseUrl };
  }
  if (/^https?:\/\//i.test(input)) {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new BadInputError(`"${input}" is not a valid URL`);
    }
    url.hash = "";
    if (DOCUMENT_RE.test(url.pathname)) {
      const wellKnown = url.pathname.indexOf("/.well-known/");
      const basePath = wellKnown >= 0 ? url.pathname.slice(0, wellKnown) : url.pathname.replace(/\/[^/]*$/, "");
      return { kind: "url", input, documentUrl: url.href, baseUrl: `${url.origin}${basePath}`.replace(/\/+$/, "") };
    }
    url.search = "";
    const baseUrl = url.href.replace(/\/+$/, "");
    return { kind: "url", input, documentUrl: `${baseUrl}/.well-known/openapi.yaml`, baseUrl };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input) && !input.startsWith("file://")) {
    throw new BadInputError(`"${input}": only http(s) addresses, files and hub:<name> are supported`);
  }
  const git = gitRevisions && !input.startsWith("file://") ? gitRevisionOf(input, baseDir) : undefined;
  if (git !== undefined) return { kind: "git", input, documentUrl: gitRevisionUrl(git.revision, git.path), repository: git.repository };
  const path = input.startsWith("file://") ? new URL(input).pathname : resolve(baseDir, input);
  return { kind: "file", input, documentUrl: pathToFileURL(path).href };
}
