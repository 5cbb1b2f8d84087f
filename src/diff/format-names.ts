/** The output formats of `toolgen diff`, apart from the formatters so the CLI can list them cheaply. */
export type DiffFormat = "text" | "json" | "markdown" | "github";

export const DIFF_FORMATS: readonly DiffFormat[] = ["text", "json", "markdown", "github"];
