/**
 * The last line of defence of a long-running server process (`toolgen serve`, `kb serve`,
 * `mcp --http`): a promise rejection nobody handled, or an exception nobody caught, is logged and
 * the process keeps serving, instead of Node ending it and every connection with it. Every request
 * handler already catches its own failures; this exists for the one that slips through, and the
 * line it logs ("unhandled …") is what the attack soak test looks for, so a new one is caught.
 * Installed by the CLI commands only: a library must not take over its host process's handlers.
 */
export function installLastResortGuard(log: (line: string) => void): () => void {
  watchOutput();
  const report = (line: string) => {
    if (!outputGone) log(line);
  };
  const onRejection = (reason: unknown) => report(`toolgen: internal error (unhandled rejection), still serving: ${describe(reason)}`);
  const onException = (error: unknown) => {
    if (isBrokenPipe(error)) outputGone = true;
    else report(`toolgen: internal error (unhandled exception), still serving: ${describe(error)}`);
  };
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}

/**
 * A terminal or pipe that went away (`kb serve | head -1`, a closed ssh session) makes every write
 * to stdout or stderr fail with EPIPE, asynchronously. Reported as an internal error, that report
 * is written to the closed pipe again, fails again, and spins the process at full CPU; unhandled,
 * it ends the process while it stops. The process goes on without its output instead, as under
 * nohup. The listeners stay for the life of the process (a last write while stopping fails after
 * the guard is gone) and are installed once.
 */
let outputGone = false;
let watching = false;

function watchOutput(): void {
  if (watching) return;
  watching = true;
  const onOutputError = (error: unknown) => {
    if (isBrokenPipe(error)) outputGone = true;
    // Any other failure of the output is what it was without this listener: uncaught.
    else
      setImmediate(() => {
        throw error;
      });
  };
  process.stdout.on("error", onOutputError);
  process.stderr.on("error", onOutputError);
}

function isBrokenPipe(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "EPIPE" || code === "ERR_STREAM_DESTROYED";
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${process.env.TOOLGEN_DEBUG ? `\n${error.stack ?? ""}` : ""}`;
  return String(error);
}
