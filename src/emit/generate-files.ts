/**
 * model -> files: every file of one `--out` directory, in memory. Nothing touches the disk here,
 * so a failure at any stage leaves the output directory as it was.
 */
import { buildToolDescriptors, type ToolkitDescriptors } from "../model/tool-schema/tool-descriptors.js";
import type { ToolkitModel } from "../model/toolkit-model.js";
import type { GeneratedFile } from "./generated-file.js";
import { formatBytes, stage, type ProgressListener } from "../generate-progress.js";
import { DEFAULT_FORMAT_LIMIT, formatFiles } from "./format-output.js";
import { INLINE_RUNTIME_ENTRY, inlineRuntimeFiles, knowledgeBaseFormatted, knowledgeBaseSource } from "./inline-runtime.js";
import { DEFAULT_RUNTIME, type RuntimeKind } from "../runtime-kind.js";
import { emitClientFile, emitIndexFile } from "./support-files.js";
import { emitToolkitFile } from "./toolkit-file.js";
import { code, docText, type Code } from "./ts-text.js";

export interface EmitOptions {
  /** `ts` (default) writes TypeScript; `js` writes `.js` + `.d.ts`. */
  readonly emit?: "ts" | "js";
  /** `inline` (default) writes a copy of the runtime into `runtime/`; `package` imports `toolgen/runtime`. */
  readonly runtime?: RuntimeKind;
  /** Run prettier when the output is small enough (default true). */
  readonly format?: boolean;
  /** Receives the `emit` and `format` stages. */
  readonly onProgress?: ProgressListener;
}

export async function generateFiles(model: ToolkitModel, options: EmitOptions = {}): Promise<GeneratedFile[]> {
  const emit = options.emit ?? "ts";
  const runtime = options.runtime ?? DEFAULT_RUNTIME;
  const runtimeImport = runtime === "inline" ? INLINE_RUNTIME_ENTRY : "toolgen/runtime";
  const header = fileHeader(model);
  const progress = options.onProgress;
  // The emitters bring the TypeScript compiler and openapi-typescript: loaded when
  // something is emitted, not when this module is (a run that emits nothing never pays for them).
  const [{ emitSchemaTypes }, operationsEmitter, { toJavaScript }] = await Promise.all([
    import("./schema-types.js"),
    import("./operations-file.js"),
    import("./js-output.js"),
  ]);
  let files: GeneratedFile[] = await stage(
    progress,
    "emit",
    () => {
      // First: its syntax tree, the largest structure of a generation, is garbage once printed,
      // before the descriptors and the other files exist (peak memory, BENCHMARKS.md, "Generation").
      const schemaTypes = emitSchemaTypes(model);
      // Once, for toolkit.ts's data and the ToolTypes its call is typed by.
      const descriptors = buildToolDescriptors(model);
      return [
        // Declarations only. With `--emit ts` it is written as a declaration file, which an app's
        // `tsc` skips under `skipLibCheck` (BENCHMARKS.md, "Type-checking apps"); `--emit js` turns it into
        // `schema.d.ts` plus an empty `schema.js`.
        { path: emit === "ts" ? "schema.d.ts" : "schema.ts", content: code`${header}\n${schemaTypes}`, typesOnly: true },
        ...operationsFiles(model, descriptors, emit, runtimeImport, header, operationsEmitter),
        { path: "client.ts", content: emitClientFile(model, runtimeImport, header, model.source.kind === "hub") },
        { path: "toolkit.ts", content: emitToolkitFile(model, descriptors, runtimeImport, header) },
        { path: "index.ts", content: emitIndexFile(header, runtimeImport) },
        { path: "knowledge-base.ts", content: knowledgeBaseSource(), formatted: knowledgeBaseFormatted() },
      ];
    },
    (emitted) => ({ detail: `${emitted.length} modules, ${formatBytes(totalSize(emitted))}`, count: emitted.length }),
  );
  if (options.format !== false) {
    const size = totalSize(files);
    files = await stage(
      progress,
      "format",
      () => (size > DEFAULT_FORMAT_LIMIT ? files : formatFiles(files)),
      (formatted) => ({
        detail: size > DEFAULT_FORMAT_LIMIT ? `skipped: ${formatBytes(size)} is over the ${formatBytes(DEFAULT_FORMAT_LIMIT)} prettier limit` : `${formatted.length} modules`,
        count: size > DEFAULT_FORMAT_LIMIT ? 0 : formatted.length,
      }),
    );
  }
  if (emit === "js") files = toJavaScript(files);
  if (runtime === "inline") files.push(...inlineRuntimeFiles(emit));
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * `operations.ts` and its types in `operation-types.d.ts`; for `--emit js`,
 * `.js` + `.d.ts` printed directly (no transpiling).
 */
function operationsFiles(
  model: ToolkitModel,
  descriptors: ToolkitDescriptors,
  emit: "ts" | "js",
  runtimeImport: string,
  header: Code,
  { emitOperationsFile, emitOperationsJs, OPERATION_TYPES_FILE }: Pick<typeof import("./operations-file.js"), "emitOperationsFile" | "emitOperationsJs" | "OPERATION_TYPES_FILE">,
): GeneratedFile[] {
  if (emit === "ts") {
    const { source, types } = emitOperationsFile(model, descriptors, runtimeImport, header);
    return [
      { path: "operations.ts", content: source },
      { path: OPERATION_TYPES_FILE, content: types },
    ];
  }
  const { js, dts } = emitOperationsJs(model, descriptors, runtimeImport, header);
  return [
    { path: "operations.js", content: js },
    { path: "operations.d.ts", content: dts },
  ];
}

function totalSize(files: readonly GeneratedFile[]): number {
  return files.reduce((n, file) => n + file.content.length, 0);
}

/** The comment every file starts with, and the line end after it. */
function fileHeader(model: ToolkitModel): Code {
  const title = [model.title, model.version].filter(Boolean).join(" ").replace(/[\r\n\u2028\u2029]+/g, " ");
  return code`/**\n * ${docText(`Generated by toolgen from "${title}". Do not edit: run toolgen again.`)}\n */\n`;
}
