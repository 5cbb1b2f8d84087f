/** Where a command writes, so tests can run `main()` in-process and read what it said. */
export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
  exitCode(code: number): void;
  /**
   * Present when stderr is a terminal: progress lines are then redrawn in place. `colors` is off
   * when NO_COLOR is set (https://no-color.org) or TERM is "dumb".
   */
  readonly terminal?: { write(text: string): void; readonly colors: boolean };
}

/** Colours only on a terminal, and never when NO_COLOR is set to anything but "". */
export function colorsWanted(env: Readonly<Record<string, string | undefined>>, isTerminal: boolean): boolean {
  if (!isTerminal) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return env.TERM !== "dumb";
}
