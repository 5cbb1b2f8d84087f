/**
 * One toolkit's outcome on the terminal, and its exit code: 2 bad input, 1 stale or stopped by
 * `failOn`. What changed in the description since the last generation comes first.
 */
import { relative } from "node:path";
import { BreakingChangesError } from "../breaking-changes-error.js";
import { descriptionChangeLines } from "./description-change-lines.js";
import type { GenerateResult } from "../generate.js";
import type { ToolkitOutcome } from "../workflow/run-toolkits.js";
import type { CliIo } from "./cli-io.js";
import type { ProgressReporter } from "./progress-reporter.js";
import { staleMessage } from "./stale-messages.js";

/** The part of the reporter an outcome is reported with (a parallel run records it in the worker). */
export type OutcomeReporter = Pick<ProgressReporter, "error" | "result" | "notice" | "verbose">;

export function reportOutcome(outcome: ToolkitOutcome, reporter: OutcomeReporter, io: CliIo, check: boolean): void {
  const where = relative(process.cwd(), outcome.toolkit.out) || ".";
  if (!outcome.ok) {
    if (outcome.error instanceof BreakingChangesError) {
      reportChanges(outcome.error.changes, true, false, where, reporter);
      reporter.error(outcome.error.message);
      io.exitCode(outcome.error.exitCode);
      return;
    }
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    reporter.error(message.replace(/\s*\n\s*/g, " "));
    io.exitCode(2);
    return;
  }
  const { result } = outcome;
  if (result.upToDate === true) {
    const { description, toolgen } = result.lock;
    const operations = description.operations === undefined ? "" : `${description.operations} operations of `;
    const what = `${operations}"${description.title}"${description.version === "" ? "" : ` ${description.version}`}`;
    const why = `description, options and toolgen ${toolgen} unchanged`;
    reporter.result(check ? `${where}: up to date (${what}; ${why})` : `Up to date: ${what} in ${where}/ (${why}; nothing written)`);
    return;
  }
  reportChanges(result.sinceLastGeneration, outcome.toolkit.failOn !== undefined, check, where, reporter);
  const summary = `${result.model.operations.length} operations of "${result.model.title}"${result.model.version === "" ? "" : ` ${result.model.version}`}`;
  if (check) {
    if (result.stale.length === 0) {
      reporter.result(`${where}: up to date (${summary})`);
      return;
    }
    for (const file of result.stale) reporter.notice(`toolgen: ${where}/${file.path} ${staleMessage(file, result)}`);
    io.exitCode(1);
    return;
  }
  for (const path of result.removed) reporter.verbose(`removed ${where}/${path} (no longer generated)`);
  const changed = result.written.length === 0 ? "nothing changed" : `${result.written.length} changed`;
  const because = result.change === undefined ? "" : `; ${result.change.detail}`;
  reporter.result(`Generated ${summary} into ${where}/ (${result.files.length - 1} files, ${changed}${because})`);
}

/**
 * What changed since the last generation, on stderr before the outcome: the counts and each
 * breaking finding. `--check` names the counts in each stale file's reason already, so it adds
 * lines only for findings to show. That nothing can be said is worth a line only where a
 * `failOn` could not be applied.
 */
function reportChanges(changes: GenerateResult["sinceLastGeneration"], failOn: boolean, check: boolean, where: string, reporter: OutcomeReporter): void {
  if (changes === undefined) return;
  const [heading = "", ...findings] = descriptionChangeLines(changes, where);
  if ("unknown" in changes) {
    if (failOn) reporter.notice(`toolgen: warning: ${heading}`);
    else reporter.verbose(heading);
    return;
  }
  if (check && findings.length === 0) return;
  reporter.notice(heading);
  for (const line of findings) reporter.notice(line);
}
