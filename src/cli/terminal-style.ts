/** The few ANSI styles the CLI uses, as no-ops when colours are off. */
export interface Style {
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export function styleFor(colors: boolean): Style {
  if (!colors) {
    const plain = (text: string) => text;
    return { red: plain, yellow: plain, green: plain, dim: plain, bold: plain };
  }
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

/** Erases the current terminal line and returns to its start. */
export const CLEAR_LINE = "\r\u001b[2K";
