/**
 * The shape of `toolgen.config.json` (and of the default export of `toolgen.config.ts`/`.mjs`).
 * `schema/toolgen.config.schema.json` is the same contract for editors; a test keeps the two in
 * step.
 */
import type { PaginationOverride } from "../model/pagination.js";

export interface ToolkitConfig {
  /** A label for progress lines and messages (default: the out folder). */
  readonly name?: string;
  /** Tool server base address, a .yaml/.yml/.json file, or `hub:<name>`. Relative to the config file. */
  readonly source: string;
  /** Output folder, relative to the config file. */
  readonly out: string;
  readonly emit?: "ts" | "js";
  readonly runtime?: "package" | "inline";
  readonly format?: boolean;
  readonly baseUrl?: string;
  /** Extra request headers for loading; `${NAME}` in a value reads the environment variable NAME. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Environment variable holding the access token (default EB_AGENT_ACCESS_TOKEN). */
  readonly tokenEnv?: string;
  readonly allowExternalRefs?: boolean;
  readonly maxBytes?: number;
  readonly timeoutMs?: number;
  /**
   * Per operation (operationId, function name or tool name): how it pages, where the description
   * does not say it clearly (docs/pagination.md), or `false` to leave an operation unpaged.
   */
  readonly pagination?: Readonly<Record<string, PaginationOverride | false>>;
  /**
   * When the description changed since the last generation and the change has a finding at this
   * level or above (as `toolgen diff` judges it), generate nothing for this toolkit and exit 1
   * (docs/build-step.md). Without it the findings are reported and the toolkit is generated.
   */
  readonly failOn?: "breaking" | "warning" | "info";
}

export interface ToolgenConfig {
  readonly $schema?: string;
  readonly toolkits: readonly ToolkitConfig[];
  /** Where fetched descriptions are kept for `--offline` (default node_modules/.cache/toolgen). */
  readonly cacheDir?: string;
  /** `--watch`: milliseconds between polls of remote descriptions (default 5000). */
  readonly pollInterval?: number;
  /** Toolkits generated at once, each in a worker thread (default: the number of cores minus one, at least 1; 1: one after the other). `--jobs` overrides it. */
  readonly jobs?: number;
}

/** Types a `toolgen.config.ts`: `export default defineConfig({ toolkits: [...] })`. */
export function defineConfig(config: ToolgenConfig): ToolgenConfig {
  return config;
}
