/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/** 20 MiB: more than the images, audio and documents tools exchange, well under maxResponseBytes (32 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;
/**
 * The instruction the reference adds as `prompt` to a result holding file ids when nothing else
 * gave one ("Using the tool's field descriptions, extract the information from the result and
 * write fluent text for the user. Make sure every 'file-' field appears exactly once; do not turn
 * it into a link or add HTML, Markdown or other formatting."). toolgen does not add it unless an
 * app passes it as `prompt`: it is tool data written in Chinese into every answer, whatever the
 * conversation's language.
 */
export const REFERENCE_FILE_PROMPT = "参考工具说明中对各个结果字段的描述，提取工具调用结果中的信息，生成一段通顺的文本满足用户的需求。请务必确保每个符合'file-'格式的字段只出现一次，无需将其转换为链接，也无需添加任何HTML、Markdown或其他格式化元素。";
