/**
 * The database drivers are optional peer dependencies of toolgen: an app that only generates
 * clients never installs them, and never builds better-sqlite3's native addon. So
 * before a backend is loaded, its driver is looked up from where toolgen is installed, and a
 * missing one becomes a one-line instruction rather than a stack trace from a worker thread.
 */
import { createRequire } from "node:module";

export const DRIVER_MISSING = "TOOLGEN_DRIVER_MISSING";

const INSTALL: Record<string, string> = {
  "better-sqlite3": "the SQLite backend (the default) needs the better-sqlite3 package, a native addon toolgen does not install for apps that only generate clients: run npm install better-sqlite3 (or give --database for PostgreSQL)",
  pg: "the PostgreSQL backend (--database) needs the pg package, which toolgen does not install for apps that only generate clients: run npm install pg",
};

/** Throws an error with code DRIVER_MISSING when `name` cannot be resolved from `from`. */
export function requireDriver(name: string, from: string | URL = import.meta.url): void {
  try {
    createRequire(from).resolve(name);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND") throw error;
    const message = INSTALL[name] ?? `the knowledge-base service needs the ${name} package: run npm install ${name}`;
    throw Object.assign(new Error(message, { cause: error }), { code: DRIVER_MISSING });
  }
}
