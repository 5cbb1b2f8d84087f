/**
 * source -> LoadedDescription (DESIGN.md data flow, first stage): fetch or read the description,
 * parse it, refuse what is not OpenAPI 3.0/3.1, bundle external `$ref`s, and pick up the
 * `examples.yaml` companion (HEAD first, as the reference does; any non-2xx means "none").
 */
import { createHash } from "node:crypto";
import { access } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { BadInputError } from "./bad-input-error.js";
import { bundleRefs, displayName } from "./bundle-refs.js";
import type { LoadedDescription, LoadOptions } from "./loaded-description.js";
import { openapiVersionOf, parseDocument } from "./parse-document.js";
import { DEFAULT_LOAD_TIMEOUT_MS, DEFAULT_MAX_BYTES, probe, readDocumentText, type HttpSettings } from "./read-document-text.js";
import { checkRefScope } from "./ref-scope.js";
import { resolveSource } from "./resolve-source.js";

export async function loadDescription(input: string, options: LoadOptions = {}): Promise<LoadedDescription> {
  const env = options.env ?? process.env;
  const source = resolveSource(input, env);
  const http = httpSettings(source.kind === "file" ? undefined : options, env, options);
  const where = displayName(source.documentUrl);

  let root;
  try {
    root = await readDocumentText(source.documentUrl, http);
  } catch (error) {
    if (error instanceof BadInputError && source.kind !== "file" && /answered 404/.test(error.message)) {
      throw new BadInputError("no OpenAPI description here (404 Not Found)", where);
    }
    throw error;
  }
  const parsed = parseDocument(root.text, where);
  const openapiVersion = openapiVersionOf(parsed, where);
  const document = await bundleRefs(parsed as Record<string, unknown>, root.url, async (url) => {
    checkRefScope(url, root.url, options.allowExternalRefs === true);
    const text = await readDocumentText(url, http);
    return parseDocument(text.text, displayName(url));
  });
  const examples = await loadExamples(source.kind === "file" ? new URL("examples.yaml", source.documentUrl).href : `${source.baseUrl}/.well-known/examples.yaml`, http, source.kind === "file");
  return {
    source,
    document,
    openapiVersion,
    ...(examples !== undefined ? { examples } : {}),
    sha256: createHash("sha256").update(root.bytes).digest("hex"),
    bytes: root.bytes.byteLength,
  };
}

function httpSettings(
  remote: LoadOptions | undefined,
  env: Readonly<Record<string, string | undefined>>,
  options: LoadOptions,
): HttpSettings {
  const headers: Record<string, string> = { accept: "application/yaml, application/json;q=0.9, */*;q=0.5", ...options.headers };
  if (remote) {
    const token = options.token ?? env.EB_AGENT_ACCESS_TOKEN;
    if (token) headers.authorization = `token ${token}`;
    else options.onWarning?.("no access token (--token or EB_AGENT_ACCESS_TOKEN): the server may answer 403");
  }
  return {
    headers,
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
  };
}

async function loadExamples(url: string, http: HttpSettings, isFile: boolean): Promise<unknown> {
  if (isFile) {
    const exists = await access(fileURLToPath(url)).then(() => true, () => false);
    if (!exists) return undefined;
  } else if (!(await probe(url, http))) {
    return undefined;
  }
  const text = await readDocumentText(url, http);
  return parseDocument(text.text, displayName(url));
}
