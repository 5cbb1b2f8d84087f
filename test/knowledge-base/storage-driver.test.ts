/**
 * better-sqlite3 and pg are optional peer dependencies: an app that only generates
 * clients installs neither. Starting the service without its driver must say what to install.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, test } from "vitest";
import { DRIVER_MISSING, requireDriver } from "../../src/knowledge-base/service/storage-driver.js";
import { REPO_ROOT } from "../support/output-dir.js";

// A folder with no node_modules above it that could hold either driver.
const elsewhere = mkdtempSync(join(tmpdir(), "toolgen-no-drivers-"));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));
const from = pathToFileURL(join(elsewhere, "entry.js"));

test("both drivers resolve where toolgen's dev install has them", () => {
  expect(() => requireDriver("better-sqlite3")).not.toThrow();
  expect(() => requireDriver("pg")).not.toThrow();
  expect(() => requireDriver("better-sqlite3", pathToFileURL(join(REPO_ROOT, "dist/cli/main.js")))).not.toThrow();
});

test.each([
  ["better-sqlite3", /^the SQLite backend \(the default\) needs the better-sqlite3 package.*run npm install better-sqlite3 \(or give --database for PostgreSQL\)$/],
  ["pg", /^the PostgreSQL backend \(--database\) needs the pg package.*run npm install pg$/],
])("without %s: one line saying what to install", (name, message) => {
  let caught: unknown;
  try {
    requireDriver(name, from);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(Error);
  expect((caught as { code?: unknown }).code).toBe(DRIVER_MISSING);
  expect((caught as Error).message).toMatch(message);
  expect((caught as Error).message).not.toMatch(/\n/);
});
