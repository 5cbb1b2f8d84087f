/** The diff as a library: compare two models, apply a policy, format the result. */
export { diffModels, type DiffOptions } from "./diff-models.js";
export type { ChangeLocation, DiffChange, DiffResult, DiffSummary, Direction, Level, OperationRef, RenamedTool, ToolRef } from "./change.js";
export { applyConfig, parseDiffConfig, readDiffConfig, type DiffConfig, type IgnoreRule, type LevelSetting } from "./diff-config.js";
export { exitCodeFor, formatDiff, type DiffFormat } from "./format.js";
export { rules, type RuleInfo } from "./rules.js";
