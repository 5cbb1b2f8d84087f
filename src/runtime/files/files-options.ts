/**
 * How a toolkit handles files on the model path (`toolkit.call`), and what a model sees of one.
 * Typed generated functions are not affected: they keep taking and returning Blob and File.
 */
import type { FileStore } from "./file-store.js";

/** 20 MiB: more than the images, audio and documents tools exchange, well under maxResponseBytes (32 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;

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
export const REFERENCE_FILE_PROMPT =
  "参考工具说明中对各个结果字段的描述，提取工具调用结果中的信息，生成一段通顺的文本满足用户的需求。请务必确保每个符合'file-'格式的字段只出现一次，无需将其转换为链接，也无需添加任何HTML、Markdown或其他格式化元素。";
