/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * The file handling of one toolkit's model path: ids in arguments -> content, binary answers and
 * marked base64 fields -> stored files. An app that never meets a file pays for none of it: the
 * store is created on first use, and a tool whose descriptor has no `files` is only asked for
 * them, never walked.
 */
import type { CallOptions } from "../options.js";
import { type AnsweringTool } from "./answer-files.js";
import type { ToolFileFields } from "./file-fields.js";
import type { FileStore } from "./file-store.js";
import { type FilesOptions } from "./files-options.js";
interface FileTool extends AnsweringTool {
    readonly files?: ToolFileFields;
    readonly prompt?: string;
}
export declare class ModelFiles {
    private readonly options;
    private created;
    readonly maxFileBytes: number;
    constructor(options?: FilesOptions);
    get store(): FileStore;
    /** The arguments to send: file ids swapped for content. Throws ToolInputError naming the argument. */
    arguments(name: string, tool: FileTool, input: Record<string, unknown>): Record<string, unknown> | Promise<Record<string, unknown>>;
    /** Call options that make the runtime keep a download's name and bytes (see CallOptions.attachmentsAsFiles). */
    callOptions<T extends CallOptions<object>>(options: T | undefined): T;
    /** The answer as a model may see it; the configured `prompt` is added only where the tool has none. */
    answer(tool: FileTool, result: unknown): unknown;
    private stored;
}
/** `withFiles` takes a store or the whole options; a store is anything with `put` and `get`. */
export declare function filesOptionsOf(files: FileStore | FilesOptions): FilesOptions;
export {};
