/**
 * Where a description's `$ref`s may point. A description fetched from a server the user does not
 * control must not make toolgen read local files (`file:` from an HTTP description) or reach
 * other hosts, private addresses included (a server-side request forgery through the generator).
 * So by default: from a URL, only the same origin; from a file, only files under the
 * description's own folder. `allowExternalRefs` lifts both rules.
 */
import { BadInputError } from "./bad-input-error.js";

export function checkRefScope(target: string, rootUrl: string, allowExternalRefs: boolean): void {
  if (allowExternalRefs) return;
  const to = new URL(target);
  const from = new URL(rootUrl);
  if (from.protocol === "file:") {
    const folder = new URL(".", from).pathname;
    if (to.protocol !== "file:" || !to.pathname.startsWith(folder)) {
      throw new BadInputError(`${target} is outside the description's folder ${folder} (allow it with --allow-external-refs)`);
    }
    return;
  }
  if (to.origin !== from.origin) {
    throw new BadInputError(
      `${to.protocol === "file:" ? "a local file" : to.origin} is not the origin the description came from (${from.origin}); allow it with --allow-external-refs`,
    );
  }
}
