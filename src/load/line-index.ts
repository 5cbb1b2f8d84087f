/**
 * Offsets in a text turned into 1-based lines and columns. Columns count UTF-16 code units from
 * the start of the line, as editors and GitHub's annotations do; a minified JSON document is one
 * line, so its columns run into the millions.
 *
 * Line starts are found only as far as the furthest offset asked for: the places a diff names in
 * GitHub's description sit in its first half, and finding all its 350,000 line starts was a sixth
 * of what placing them cost. The starts found are kept, not just counted past, because a diff of
 * a YAML description can ask for tens of thousands of places: each is then a binary search, and
 * each line start is found once.
 */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

export class LineIndex {
  private readonly starts = [0];
  /** Every newline before this offset has its line start in `starts`. */
  private scanned = 0;

  constructor(private readonly text: string) {}

  at(offset: number): LineColumn {
    if (offset > this.scanned) this.scan(offset);
    const starts = this.starts;
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

  /** Finds the line starts of the newlines before `offset`. */
  private scan(offset: number): void {
    const text = this.text;
    let newline = text.indexOf("\n", this.scanned);
    while (newline !== -1 && newline < offset) {
      this.starts.push(newline + 1);
      newline = text.indexOf("\n", newline + 1);
    }
    this.scanned = newline === -1 ? Number.POSITIVE_INFINITY : newline;
  }
}
