/**
 * `--watch`: runs the watch until SIGINT/SIGTERM. When the config file itself changes, the watch
 * restarts with the new config; a config that no longer loads is reported and the old one stays.
 */
import { watch } from "node:fs";
import { basename, dirname } from "node:path";
import type { ResolvedConfig, ResolvedToolkit } from "../config/resolve-config.js";
import type { WatchOptions } from "../workflow/watch-toolkits.js";
import type { CliIo } from "./cli-io.js";
import type { ProgressReporter } from "./progress-reporter.js";
import { reportOutcome } from "./report-outcome.js";

export async function watchUntilStopped(
  initial: ResolvedConfig,
  reload: (file: string) => Promise<ResolvedConfig>,
  reporter: ProgressReporter,
  io: CliIo,
  runOptions: Omit<WatchOptions, "signal" | "onOutcome">,
  label: (toolkit: ResolvedToolkit) => string | undefined,
): Promise<void> {
  const { watchToolkits } = await import("../workflow/watch-toolkits.js");
  let config = initial;
  let stopped = false;
  let controller = new AbortController();
  const stop = () => {
    stopped = true;
    controller.abort();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  try {
    while (!stopped) {
      controller = new AbortController();
      let changed = false;
      let debounce: NodeJS.Timeout | undefined;
      const file = config.file;
      const configWatcher =
        file === undefined
          ? undefined
          : watch(dirname(file), (_event, name) => {
              if (name !== null && name.toString() !== basename(file)) return;
              clearTimeout(debounce);
              debounce = setTimeout(() => {
                changed = true;
                controller.abort();
              }, 150);
            });
      configWatcher?.on("error", () => undefined);
      try {
        await watchToolkits(config, {
          ...runOptions,
          signal: controller.signal,
          // Errors are reported as they happen; stopping the watch is still a clean exit.
          onOutcome: (outcome) => reportOutcome(outcome, reporter, { ...io, exitCode: () => undefined }, false),
          onChange: (toolkit, trigger) => reporter.notice(`toolgen: ${label(toolkit) !== undefined ? `${toolkit.name}: ` : ""}${trigger}`),
          onReady: () => reporter.result(`Watching ${config.toolkits.length === 1 ? "the description" : `${config.toolkits.length} toolkits`} (Ctrl-C to stop)`),
          onPollError: (toolkit, error) => reporter.warning(label(toolkit), `cannot poll the description (${error instanceof Error ? error.message : String(error)}); still watching`),
        });
      } finally {
        configWatcher?.close();
        clearTimeout(debounce);
      }
      if (stopped || !changed || file === undefined) break;
      try {
        config = await reload(file);
        reporter.notice(`toolgen: ${basename(file)} changed; watching ${config.toolkits.length} toolkit${config.toolkits.length === 1 ? "" : "s"}`);
      } catch (error) {
        reporter.error(`${error instanceof Error ? error.message : String(error)} (still watching the previous config)`);
      }
    }
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}
