/**
 * YAML that every reader parses back to the same values. The `yaml` package writes YAML 1.2,
 * where `yes`, `on`, `12:30` and `2024-01-01` are plain strings; PyYAML (the reference Python
 * client) and js-yaml read YAML 1.1 rules, where they are a boolean, the integer 750 and a date,
 * and a plain `=` or `<<` makes PyYAML's safe loader fail outright. So every string that either
 * rule set would read as something else is written double-quoted; the rest stays plain and
 * readable. Aliases are never written (every repeated object is written out again).
 */
import { Document, parse, visit } from "yaml";

export function toYaml(value: unknown): string {
  // Written as YAML 1.2 (no `%YAML` line); the quoting below is what makes 1.1 readers agree.
  const document = new Document(value, { aliasDuplicateObjects: false });
  visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === "string" && !readsAsItself(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
  return document.toString({ lineWidth: 0 });
}

/**
 * Every YAML 1.1 or 1.2 scalar that is not a string (a number, date, time, `.inf`, `~`, `<<`,
 * `=`) starts with something other than a letter, except the boolean and null words. So a string
 * that starts with a letter and is not one of those words reads as itself everywhere: no need to
 * parse it (most of a description is such text).
 */
const YAML11_WORDS = /^(y|yes|n|no|on|off|true|false|null)$/i;

function readsAsItself(text: string): boolean {
  if (/^\p{L}/u.test(text)) return !YAML11_WORDS.test(text);
  if (text === "=" || text === "<<") return false;
  try {
    return parse(text) === text && parse(text, { version: "1.1" }) === text;
  } catch {
    return false;
  }
}

