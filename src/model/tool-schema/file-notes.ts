/**
 * What a file field's description gains in a tool's descriptor (file-arguments.ts,
 * file-answers.ts): the model passes and gets file ids, never the content.
 */

export const INPUT_NOTE = "(a file id, file-local-…, from an earlier tool result or the user; the tool is sent the file's content)";
export const OUTPUT_NOTE = "(a file id, file-local-…: the application keeps the file; pass the id on to other tools or to the user)";
/** Deeper than any real schema; a guard against pathological nesting. */
export const MAX_DEPTH = 64;

/** The description with `note` after it. */
export function noted(description: string | undefined, note: string): string {
  return description === undefined || description.trim() === "" ? note : `${description} ${note}`;
}
