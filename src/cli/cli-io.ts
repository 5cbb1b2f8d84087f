/** Where a command writes, so tests can run `main()` in-process and read what it said. */
export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
  exitCode(code: number): void;
}
