/**
 * A thread that owns one SQLite connection (started by sqlite-thread.ts for worker-pool.ts). The
 * writer opens the database read-write, creating or migrating it, and runs every write; a reader
 * opens it read-only once the writer is up, and runs searches and listings. Each opens its
 * connection when told to (so a reader loads its modules while the writer migrates), then runs
 * one request at a time, as it is sent, and answers with its result or its error
 * (worker-protocol.ts). better-sqlite3 blocks this thread for as long as a transaction takes, and
 * nothing else: the service's event loop goes on answering other requests meanwhile.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase, openReader } from "./database.js";
import { unframeRequest } from "./document-parts.js";
import { SqliteQueries } from "./sqlite-queries.js";
import { toWire, type FromWorker, type ToWorker, type WorkerSetup } from "./worker-protocol.js";

const port = parentPort;
if (port === null) throw new Error("sqlite-worker runs as a worker thread of sqlite-thread.ts");
const send = (message: FromWorker): void => port.postMessage(message);
const { dataDir, role } = workerData as WorkerSetup;
let queries: SqliteQueries | undefined;
/** The items of the parts received for the next request. */
let items: unknown[] = [];

port.on("message", (message: ToWorker) => {
  switch (message.type) {
    case "open":
      try {
        queries = new SqliteQueries(role === "writer" ? openDatabase(dataDir) : openReader(dataDir));
        send({ type: "ready" });
      } catch (error) {
        send({ type: "error", error: toWire(error) });
        port.close();
      }
      return;
    case "close":
      queries?.close();
      port.close();
      return;
    case "part":
      for (const item of message.items) items.push(item);
      return;
    case "run": {
      if (queries === undefined) throw new Error("sqlite-worker: a request arrived before the connection was opened");
      const request = unframeRequest(message.request, items);
      items = [];
      queries.run(request, message.budget).then(
        (value) => send({ type: "result", value }),
        (error: unknown) => send({ type: "error", error: toWire(error) }),
      );
    }
  }
});
