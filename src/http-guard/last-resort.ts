/**
 * The last line of defence of a long-running server process (`toolgen serve`, `kb serve`,
 * `mcp --http`): a promise rejection nobody handled, or an exception nobody caught, is logged and
 * the process keeps serving, instead of Node ending it and every connection with it. Every request
 * handler already catches its own failures; this exists for the one that slips through, and the
 * line it logs ("unhandled …") is what the attack soak test looks for, so a new one is caught.
 * Installed by the CLI commands only: a library must not take over its host process's handlers.
 */
export function installLastResortGuard(log: (line: string) => void): () => void {
  const onRejection = (reason: unknown) => log(`toolgen: internal error (unhandled rejection), still serving: ${describe(reason)}`);
  const onException = (error: unknown) => log(`toolgen: internal error (unhandled exception), still serving: ${describe(error)}`);
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${process.env.TOOLGEN_DEBUG ? `\n${error.stack ?? ""}` : ""}`;
  return String(error);
}
