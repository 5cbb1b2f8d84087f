/** Parsers shared by the commands' repeatable options. */
import { BadInputError } from "../load/bad-input-error.js";

/** commander accumulator for an option given several times. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--header "Name: value"` -> [name, value]. */
export function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(":");
  if (colon <= 0) throw new BadInputError(`--header "${text}" is not of the form "Name: value"`);
  return [text.slice(0, colon).trim(), text.slice(colon + 1).trim()];
}
