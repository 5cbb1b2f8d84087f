/** One output file, path relative to the `--out` directory, always with `/` separators. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
  /** Holds only type declarations: its `.d.ts` is the file itself and its `.js` is empty. */
  readonly typesOnly?: boolean;
  /** The content as prettier formats it, known in advance (a static file formatted at build time). */
  readonly formatted?: string;
}
