// The machine-readable result of a quick benchmark, which bench/run.mjs collects into its one
// table. A script run with `--json` prints, besides its own tables, one line
// `BENCH-ROWS [{ area, what, anchor, ours, theirs, unit, ratio? }, …]`: `ours` and `theirs` are
// times in `unit` (lower is better; a throughput is given as the time per item), and `ratio`,
// when the script pairs its runs itself, overrides ours / theirs.
export const ROWS_PREFIX = "BENCH-ROWS ";

/** Whether this run was asked for the machine-readable line. */
export const wantsRows = process.argv.includes("--json");

/** The command-line arguments without `--json`. */
export const argsWithoutJson = () => process.argv.slice(2).filter((arg) => arg !== "--json");

export function printRows(rows) {
  if (wantsRows) console.log(`${ROWS_PREFIX}${JSON.stringify(rows)}`);
}
