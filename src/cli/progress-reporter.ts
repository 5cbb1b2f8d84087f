/**
 * Progress of the generate path on stderr. On a terminal, each stage gets one line, redrawn in
 * place while it runs ("fetch 2 documents…") and left behind with its counts when it is done.
 * Elsewhere (CI logs, pipes) each finished stage is one plain line and nothing is redrawn.
 * `--verbose` adds each document read and every stage's time; `--quiet` prints nothing but errors.
 * Stdout stays for results (the "Generated …" summary), so it can be piped.
 */
import type { ProgressEvent } from "../generate-progress.js";
import type { CliIo } from "./cli-io.js";
import { CLEAR_LINE, styleFor, type Style } from "./terminal-style.js";

export type Verbosity = "quiet" | "normal" | "verbose";

export class ProgressReporter {
  private readonly style: Style;
  private live = false;

  constructor(
    private readonly io: CliIo,
    private readonly verbosity: Verbosity,
  ) {
    this.style = styleFor(io.terminal?.colors === true);
  }

  progress(label: string | undefined, event: ProgressEvent): void {
    if (this.verbosity === "quiet") return;
    const prefix = label === undefined ? "" : `${this.style.bold(label)} `;
    const name = event.stage.padEnd(6);
    const terminal = this.io.terminal;
    if (event.state === "done") {
      const time = this.verbosity === "verbose" && event.ms !== undefined ? this.style.dim(` (${event.ms} ms)`) : "";
      if (terminal) {
        terminal.write(`${CLEAR_LINE}${this.style.green("✓")} ${prefix}${name} ${event.detail ?? ""}${time}\n`);
        this.live = false;
      } else {
        this.io.stderr(`${prefix}${event.stage}: ${event.detail ?? "done"}${time}`);
      }
      return;
    }
    if (terminal) {
      const detail = event.state === "step" ? (event.detail ?? `${event.count ?? ""}`) : "…";
      if (this.verbosity === "verbose" && event.state === "step") {
        // Each document read stays on screen.
        terminal.write(`${CLEAR_LINE}  ${prefix}${name} ${this.style.dim(detail)}\n`);
        this.live = false;
        return;
      }
      const count = event.state === "step" && event.count !== undefined ? `${event.count} ` : "";
      terminal.write(`${CLEAR_LINE}  ${prefix}${name} ${this.style.dim(`${count}${truncate(detail, 80)}`)}`);
      this.live = true;
      return;
    }
    if (this.verbosity === "verbose" && event.state === "step") this.io.stderr(`${prefix}${event.stage}: ${event.detail ?? event.count ?? ""}`);
  }

  warning(label: string | undefined, message: string): void {
    if (this.verbosity === "quiet") return;
    this.endLine();
    this.io.stderr(`toolgen: ${label === undefined ? "" : `${label}: `}${this.style.yellow("warning:")} ${message}`);
  }

  error(message: string): void {
    this.endLine();
    this.io.stderr(`${this.style.red("toolgen:")} ${message}`);
  }

  /** A line for stderr that is not progress (a stale file, a watch event). */
  notice(message: string): void {
    this.endLine();
    this.io.stderr(message);
  }

  result(message: string): void {
    this.endLine();
    if (this.verbosity !== "quiet") this.io.stdout(message);
  }

  verbose(message: string): void {
    if (this.verbosity !== "verbose") return;
    this.endLine();
    this.io.stderr(this.style.dim(message));
  }

  /** Clears a half-drawn progress line before other output. */
  endLine(): void {
    if (this.live && this.io.terminal) this.io.terminal.write(CLEAR_LINE);
    this.live = false;
  }
}

function truncate(text: string, width: number): string {
  return text.length <= width ? text : `…${text.slice(text.length - width + 1)}`;
}
