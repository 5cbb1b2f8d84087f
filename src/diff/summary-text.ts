/** A diff's counts in one phrase, `2 breaking, 1 warning, 0 info`, as the build step prints them. */
import type { DiffSummary } from "./change.js";

export function summaryText(summary: DiffSummary): string {
  return `${summary.breaking} breaking, ${summary.warning} warning${summary.warning === 1 ? "" : "s"}, ${summary.info} info`;
}
