/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * How a toolkit handles files on the model path (`toolkit.call`), and what a model sees of one.
 * Typed generated functions are not affected: they keep taking and returning Blob and File.
 */
import type { FileStore } from "./file-store.js";
/** 20 MiB: more than the images, audio and documents tools exchange, well under maxResponseBytes (32 MiB). */
export declare const DEFAULT_MAX_FILE_BYTES: number;
export interface FilesOptions {
    /** Where files are kept. Default: a MemoryFileStore, created the first time a file is met. */
    readonly store?: FileStore;
    /**
     * Largest file a model may pass to a tool, or a tool may return, in bytes (default 20 MiB).
     * A larger one passed in is a ToolInputError naming the argument; a larger one returned is a
     * ToolCallError (`RESPONSE_TOO_LARGE`).
     */
    readonly maxFileBytes?: number;
    /**
     * Added as `prompt` to an object result that holds a file this call stored, when neither the
     * server nor `x-ebagent-prompt` gave one. None by default; `REFERENCE_FILE_PROMPT` is the
     * reference's own instruction.
     */
    readonly prompt?: string;
}
/**
 * What a model gets instead of a binary answer: JSON it can read and pass on. `file` is the
 * name the reference uses (`{"file": id}`), so prompts written for it still apply.
 */
export interface FileReference {
    readonly file: string;
    readonly filename: string;
    readonly mimeType: string;
    readonly size: number;
}
/**
 * The instruction the reference adds as `prompt` to a result holding file ids when nothing else
 * gave one ("Using the tool's field descriptions, extract the information from the result and
 * write fluent text for the user. Make sure every 'file-' field appears exactly once; do not turn
 * it into a link or add HTML, Markdown or other formatting."). toolgen does not add it unless an
 * app passes it as `prompt`: it is tool data written in Chinese into every answer, whatever the
 * conversation's language.
 */
export declare const REFERENCE_FILE_PROMPT = "\u53C2\u8003\u5DE5\u5177\u8BF4\u660E\u4E2D\u5BF9\u5404\u4E2A\u7ED3\u679C\u5B57\u6BB5\u7684\u63CF\u8FF0\uFF0C\u63D0\u53D6\u5DE5\u5177\u8C03\u7528\u7ED3\u679C\u4E2D\u7684\u4FE1\u606F\uFF0C\u751F\u6210\u4E00\u6BB5\u901A\u987A\u7684\u6587\u672C\u6EE1\u8DB3\u7528\u6237\u7684\u9700\u6C42\u3002\u8BF7\u52A1\u5FC5\u786E\u4FDD\u6BCF\u4E2A\u7B26\u5408'file-'\u683C\u5F0F\u7684\u5B57\u6BB5\u53EA\u51FA\u73B0\u4E00\u6B21\uFF0C\u65E0\u9700\u5C06\u5176\u8F6C\u6362\u4E3A\u94FE\u63A5\uFF0C\u4E5F\u65E0\u9700\u6DFB\u52A0\u4EFB\u4F55HTML\u3001Markdown\u6216\u5176\u4ED6\u683C\u5F0F\u5316\u5143\u7D20\u3002";
