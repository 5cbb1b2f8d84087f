/**
 * What the generate path reports while it works, for progress lines (`toolgen` on a terminal),
 * `--verbose`, and build tools using the programmatic API. Events carry counts and URLs as shown
 * to the user (never a header, token or request body).
 */
/** `diff`: only when the description changed since the last generation (src/description-changes.ts). */
export type GenerateStage = "fetch" | "parse" | "model" | "diff" | "emit" | "format" | "write";

export interface ProgressEvent {
  readonly stage: GenerateStage;
  /** `step`: one more unit of work inside the stage (a document fetched or parsed). */
  readonly state: "start" | "step" | "done";
  /** A short account of the step or of the finished stage ("3 documents, 1.2 MB"). */
  readonly detail?: string;
  /** Units done so far in the stage (documents, operations, files). */
  readonly count?: number;
  /** Milliseconds the stage took (on `done`). */
  readonly ms?: number;
}

export type ProgressListener = (event: ProgressEvent) => void;

/** Times a stage and reports its start and end; the result's detail comes from `describe`. */
export async function stage<T>(
  listener: ProgressListener | undefined,
  name: GenerateStage,
  run: () => T | Promise<T>,
  describe: (result: T) => { detail: string; count?: number },
): Promise<T> {
  const started = performance.now();
  listener?.({ stage: name, state: "start" });
  const result = await run();
  listener?.({ stage: name, state: "done", ...describe(result), ms: Math.round(performance.now() - started) });
  return result;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
