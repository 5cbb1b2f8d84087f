/** One output file, path relative to the `--out` directory, always with `/` separators. */
export interface GeneratedFile {
  readonly path: string;
  readonly content: string;
}
