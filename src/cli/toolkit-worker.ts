/**
 * A worker thread of a parallel config run (src/cli/parallel-toolkits.ts). Once its modules are
 * loaded it says so, then runs the toolkits it is sent, one at a time, through the same workflow
 * as a serial run (runToolkits), sends progress and warnings as they happen, and at the end the
 * report of the outcome, as the reporter calls to make on the main thread: the result itself (the
 * whole model and every file) stays here.
 */
import { parentPort } from "node:worker_threads";
import { runToolkits } from "../workflow/run-toolkits.js";
import { reportedOutcome, type ToolkitTask, type WorkerMessage } from "./parallel-toolkits.js";

const port = parentPort;
if (port === null) throw new Error("toolkit-worker runs as a worker thread of src/cli/parallel-toolkits.ts");
const send = (message: WorkerMessage) => port.postMessage(message);

port.on("message", (task: ToolkitTask) => void run(task));
send({ type: "ready" });

async function run({ index, toolkit, config, options, check }: ToolkitTask): Promise<void> {
  const [outcome] = await runToolkits(
    { ...config, toolkits: [toolkit] },
    {
      ...options,
      onProgress: (_toolkit, event) => send({ type: "progress", index, event }),
      onWarning: (_toolkit, message) => send({ type: "warning", index, message }),
    },
  );
  if (outcome === undefined) throw new Error(`no outcome for toolkit "${toolkit.name}"`);
  const reported = reportedOutcome(outcome, check);
  if ("calls" in reported) {
    send({ type: "reported", index, calls: reported.calls });
    return;
  }
  const { error } = reported;
  send({ type: "internal", index, message: error instanceof Error ? error.message : String(error), ...(error instanceof Error && error.stack !== undefined ? { stack: error.stack } : {}) });
}
