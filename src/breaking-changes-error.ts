/**
 * A run that stopped because the description changed in a way its `failOn` does not accept
 * (src/description-changes.ts): nothing was written. It is bad input in the sense that the CLI
 * reports it as one line and leaves the output alone, but the exit code is 1, as for
 * `toolgen diff --fail-on` and `--check`: the input is valid, the change is what fails the build.
 */
import { BadInputError } from "./load/bad-input-error.js";
import type { DescriptionChanges } from "./description-changes.js";

export class BreakingChangesError extends BadInputError {
  readonly exitCode = 1;

  constructor(
    readonly changes: DescriptionChanges,
    where: string,
  ) {
    const level = changes.failOn ?? "breaking";
    const s = changes.failing === 1 ? "" : "s";
    const what = level === "breaking" ? `breaking change${s}` : `finding${s} at level ${level} or above`;
    super(`not generated: ${changes.failing} ${what} since the last generation (failOn: ${level}); nothing was written`, where);
  }
}
