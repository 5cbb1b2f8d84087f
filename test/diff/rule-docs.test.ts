/**
 * Every rule id `toolgen diff` can report (`--format json` prints these ids) is documented in the
 * rule catalogue of docs/diff-in-ci.md: by its full id, or, for schema rules, as a place
 * (`request-property`, …) and a change listed in the levels table. `a-b-set` / `-changed` in one
 * line is read as `a-b-set` and `a-b-changed`.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "vitest";
import { rules } from "../../src/diff/rules.js";

const DOC = readFileSync(resolve(import.meta.dirname, "../../docs/diff-in-ci.md"), "utf8");
const PLACES = [
  "request-parameter",
  "request-body",
  "request-property",
  "response-body",
  "response-property",
  "response-header",
  "response-header-property",
  "error-response-body",
  "error-response-property",
];

function documentedNames(): Set<string> {
  const names = new Set<string>();
  for (const line of DOC.split("\n")) {
    let previous: string | undefined;
    for (const [, token] of line.matchAll(/`([^`]+)`/g)) {
      if (token!.startsWith("-") && previous) {
        names.add(previous.replace(/-[a-z]+$/, token!));
      } else {
        names.add(token!);
        previous = token;
      }
    }
  }
  return names;
}

test("every rule id is documented in docs/diff-in-ci.md", () => {
  const names = documentedNames();
  const bounds = [...names].filter((n) => /^(min|max|exclusive-min|exclusive-max)(-[a-z]+)?$/.test(n));
  const asSchemaRule = (place: string, id: string): boolean => {
    if (!id.startsWith(`${place}-`)) return false;
    const change = id.slice(place.length + 1);
    if (names.has(change)) return true;
    const bound = /^(.+)-(increased|decreased|set|unset)$/.exec(change);
    return bound !== null && bounds.includes(bound[1]!);
  };
  const documented = (id: string): boolean =>
    names.has(id) ||
    // "In parameters the same ids use `request-parameter-property`."
    (id.includes("request-parameter-property") && names.has(id.replace("request-parameter-property", "request-property"))) ||
    // "Inside a header and in an error answer the same ids start with `response-header-` and `error-response-`."
    (/^(response-header|error-response)-/.test(id) && names.has(id.replace(/^(response-header|error-response)-/, "response-"))) ||
    PLACES.some((place) => asSchemaRule(place, id));
  const missing = [...rules().keys()].filter((id) => !documented(id));
  expect(missing).toEqual([]);
});
