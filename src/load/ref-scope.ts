/**
 * Where a description's `$ref`s may point. A description fetched from a server the user does not
 * control must not make toolgen read local files or reach other hosts (a server-side request
 * forgery through the generator). By default: from a URL, only the same origin; from a file,
 * only files under the description's own folder (from a git revision, only its files under that
 * folder in the same revision). `allowExternalRefs` lifts those rules, but
 * two stay whatever the flag says:
 * - a description fetched over HTTP never reads `file:` URLs;
 * - a `$ref` (or a redirect it follows) never reaches a private, loopback or link-local address
 *   unless it is an address of the source's own host (the cloud metadata address
 *   169.254.169.254, the user's router, a database on localhost are not the description's to read).
 * Host names are resolved to check this; a name that does not resolve is left to fail on fetch.
 */
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { BadInputError } from "./bad-input-error.js";
import { displayName } from "./bundle-refs.js";
import { GIT_REVISION_PROTOCOL } from "./git-revision.js";

export type ResolveHost = (hostname: string) => Promise<string[]>;

export async function checkRefScope(target: string, rootUrl: string, allowExternalRefs: boolean, resolveHost: ResolveHost = addressesOf): Promise<void> {
  const to = new URL(target);
  const from = new URL(rootUrl);
  if (from.protocol === GIT_REVISION_PROTOCOL) {
    // As between files: the description's folder, in the same revision.
    if (allowExternalRefs) return;
    const folder = new URL(".", from).href;
    if (!to.href.startsWith(folder)) {
      throw new BadInputError(`${displayName(target)} is outside the description's folder ${displayName(folder)} (allow it with --allow-external-refs)`);
    }
    return;
  }
  if (to.protocol === GIT_REVISION_PROTOCOL) throw new BadInputError(`${target}: only a description read from git may read from git`);
  if (from.protocol === "file:") {
    if (allowExternalRefs) return;
    const folder = new URL(".", from).pathname;
    if (to.protocol !== "file:" || !to.pathname.startsWith(folder)) {
      throw new BadInputError(`${target} is outside the description's folder ${folder} (allow it with --allow-external-refs)`);
    }
    return;
  }
  if (to.protocol === "file:") {
    throw new BadInputError(`${target}: a description fetched over HTTP may not read local files, even with --allow-external-refs`);
  }
  if (to.origin === from.origin) return;
  if (!allowExternalRefs) {
    throw new BadInputError(`${to.origin} is not the origin the description came from (${from.origin}); allow it with --allow-external-refs`);
  }
  const targets = await resolveHost(to.hostname);
  const privateOnes = targets.filter(isPrivateAddress);
  if (privateOnes.length === 0) return;
  const own = await resolveHost(from.hostname);
  // The source's own host, under any of its addresses; from a loopback source, loopback is home.
  const ownLoopback = own.some(isLoopback);
  if (privateOnes.every((address) => own.includes(address) || (ownLoopback && isLoopback(address)))) return;
  throw new BadInputError(
    `${to.origin} is a private address (${privateOnes.join(", ")}) that is not the source's own host; refused even with --allow-external-refs`,
  );
}

async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(bare, { all: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

function isLoopback(address: string): boolean {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || (isIP(v4) === 4 && v4.startsWith("127."));
}

/** Loopback, private (RFC 1918, RFC 4193), link-local, shared (RFC 6598) and unspecified addresses. */
function isPrivateAddress(address: string): boolean {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split(".").map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  const v6 = address.toLowerCase();
  return v6 === "::1" || v6 === "::" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6);
}
