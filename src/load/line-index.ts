/**
 * Offsets in a text turned into 1-based lines and columns. Columns count UTF-16 code units from
 * the start of the line, as editors and GitHub's annotations do; a minified JSON document is one
 * line, so its columns run into the millions.
 */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

export class LineIndex {
  private starts?: number[];

  constructor(private readonly text: string) {}

  at(offset: number): LineColumn {
    const starts = (this.starts ??= lineStarts(this.text));
    // The last line start at or before the offset.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}
