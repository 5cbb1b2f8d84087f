/**
 * Per-project policy for `toolgen diff`, in `toolgen-diff.json` (or `--config <file>`), plus the
 * same from flags: change a rule's level or switch it off (oasdiff --severity-levels), and accept
 * one finding (oasdiff --err-ignore; openapi-diff#129 asks for the same). A finding is named by its
 * fingerprint, or by rule id + operation + location, which survives rewording of the message.
 *
 * ```json
 * {
 *   "failOn": "breaking",
 *   "levels": { "api-security-added": "breaking", "endpoint-added": "off" },
 *   "ignore": [
 *     "9c1f0e2ab3d4",
 *     "request-parameter-removed GET /pets parameter query limit",
 *     { "id": "tool-renamed", "operation": "POST /pets" }
 *   ]
 * }
 * ```
 */
import { readFileSync } from "node:fs";
import { BadInputError } from "../load/bad-input-error.js";
import { isLevel, locationText, type DiffChange, type Level } from "./change.js";
import { normalizePathTemplate } from "./path-template.js";
import { rules } from "./rules.js";

export type LevelSetting = Level | "off";

export interface IgnoreRule {
  readonly id: string;
  /** `GET /pets/{id}`; parameter names in the template do not matter. */
  readonly operation?: string;
  /** As printed: `parameter query limit`, `response 200 application/json data/id`; a prefix matches. */
  readonly location?: string;
}

export interface DiffConfig {
  readonly failOn?: Level;
  readonly levels?: Readonly<Record<string, LevelSetting>>;
  /** Fingerprints (12 hex digits), `"<rule id> [METHOD /path [location]]"`, or objects. */
  readonly ignore?: readonly (string | IgnoreRule)[];
}

export const DEFAULT_CONFIG_FILE = "toolgen-diff.json";

export function readDiffConfig(file: string): DiffConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new BadInputError(`cannot read the diff config: ${(error as Error).message}`, file);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BadInputError(`the diff config is not valid JSON: ${(error as Error).message}`, file);
  }
  return parseDiffConfig(json, file);
}

export function parseDiffConfig(json: unknown, where: string): DiffConfig {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new BadInputError("the diff config must be a JSON object", where);
  const raw = json as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!["failOn", "levels", "ignore", "$schema"].includes(key))
      throw new BadInputError(`unknown key "${key}" (expected failOn, levels, ignore)`, where);
  }
  const config: { failOn?: Level; levels?: Record<string, LevelSetting>; ignore?: (string | IgnoreRule)[] } = {};
  if (raw.failOn !== undefined) {
    if (typeof raw.failOn !== "string" || !isLevel(raw.failOn)) throw new BadInputError(`failOn must be breaking, warning or info`, where);
    config.failOn = raw.failOn;
  }
  if (raw.levels !== undefined) {
    if (typeof raw.levels !== "object" || raw.levels === null || Array.isArray(raw.levels))
      throw new BadInputError("levels must be an object of rule id -> level", where);
    config.levels = {};
    for (const [id, level] of Object.entries(raw.levels)) config.levels[id] = checkLevel(id, level, where);
  }
  if (raw.ignore !== undefined) {
    if (!Array.isArray(raw.ignore)) throw new BadInputError("ignore must be a list", where);
    config.ignore = raw.ignore.map((entry, i) => {
      if (typeof entry === "string") return checkIgnore(entry, where);
      if (typeof entry === "object" && entry !== null && typeof (entry as IgnoreRule).id === "string") {
        const rule = entry as IgnoreRule;
        checkRuleId(rule.id, where);
        return rule;
      }
      throw new BadInputError(
        `ignore[${i}] must be a fingerprint, "<rule id> METHOD /path [location]", or {id, operation?, location?}`,
        where,
      );
    });
  }
  return config;
}

/** `--level <ruleId>=<level>`. */
export function parseLevelFlag(text: string): [string, LevelSetting] {
  const eq = text.lastIndexOf("=");
  if (eq <= 0) throw new BadInputError(`--level "${text}" is not of the form <rule id>=<breaking|warning|info|off>`);
  const id = text.slice(0, eq).trim();
  return [id, checkLevel(id, text.slice(eq + 1).trim(), "--level")];
}

export function checkIgnore(text: string, where: string): string {
  const trimmed = text.trim();
  if (/^[0-9a-f]{12}$/i.test(trimmed)) return trimmed.toLowerCase();
  checkRuleId(trimmed.split(/\s+/)[0]!, where);
  return trimmed;
}

function checkLevel(id: string, level: unknown, where: string): LevelSetting {
  checkRuleId(id, where);
  if (typeof level !== "string" || !(level === "off" || isLevel(level))) {
    throw new BadInputError(`the level of "${id}" must be breaking, warning, info or off`, where);
  }
  return level;
}

function checkRuleId(id: string, where: string): void {
  if (!rules().has(id)) throw new BadInputError(`unknown diff rule "${id}"`, where);
}

/** Later settings win; ignore lists add up. */
export function mergeConfigs(...configs: readonly DiffConfig[]): DiffConfig {
  let failOn: Level | undefined;
  const levels: Record<string, LevelSetting> = {};
  const ignore: (string | IgnoreRule)[] = [];
  for (const config of configs) {
    if (config.failOn) failOn = config.failOn;
    Object.assign(levels, config.levels ?? {});
    ignore.push(...(config.ignore ?? []));
  }
  return { ...(failOn ? { failOn } : {}), levels, ignore };
}

/** Applies level overrides and ignores; returns what is left and how many were dropped. */
export function applyConfig(changes: readonly DiffChange[], config: DiffConfig): { changes: DiffChange[]; ignored: number } {
  const matchers = (config.ignore ?? []).map(toMatcher);
  const out: DiffChange[] = [];
  let ignored = 0;
  for (const change of changes) {
    const setting = config.levels?.[change.id];
    if (setting === "off" || matchers.some((m) => m(change))) {
      ignored++;
      continue;
    }
    out.push(setting && setting !== change.level ? { ...change, level: setting } : change);
  }
  return { changes: out, ignored };
}

function toMatcher(entry: string | IgnoreRule): (change: DiffChange) => boolean {
  if (typeof entry === "string") {
    if (/^[0-9a-f]{12}$/i.test(entry)) return (change) => change.fingerprint === entry.toLowerCase();
    const [id, method, path, ...location] = entry.trim().split(/\s+/);
    return toMatcher({
      id: id!,
      ...(method !== undefined ? { operation: `${method} ${path ?? ""}`.trim() } : {}),
      ...(location.length > 0 ? { location: location.join(" ") } : {}),
    });
  }
  const [method, path] = entry.operation?.trim().split(/\s+/) ?? [];
  return (change) => {
    if (change.id !== entry.id) return false;
    if (method !== undefined) {
      // Written `copy` or `COPY`: a rule names the method as it is sent, or in upper case.
      if (!change.operation || (change.operation.method !== method && change.operation.method !== method.toUpperCase())) return false;
      if (path !== undefined && normalizePathTemplate(change.operation.path) !== normalizePathTemplate(path)) return false;
    }
    if (entry.location !== undefined) {
      const text = locationText(change.location);
      if (text !== entry.location && !text.startsWith(`${entry.location} `)) return false;
    }
    return true;
  };
}
