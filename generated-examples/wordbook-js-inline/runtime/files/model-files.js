/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { storeAnswerFiles } from "./answer-files.js";
import { DEFAULT_MAX_FILE_BYTES } from "./files-options.js";
import { resolveInputFiles } from "./input-files.js";
import { MemoryFileStore } from "./memory-file-store.js";
export class ModelFiles {
    options;
    created;
    maxFileBytes;
    constructor(options = {}) {
        this.options = options;
        this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    }
    get store() {
        return (this.created ??= this.options.store ?? new MemoryFileStore());
    }
    /** The arguments to send: file ids swapped for content. Throws ToolInputError naming the argument. */
    arguments(name, tool, input) {
        const fields = tool.files?.input;
        return fields === undefined ? input : resolveInputFiles(name, fields, input, () => this.store, this.maxFileBytes);
    }
    /** Call options that make the runtime keep a download's name and bytes (see CallOptions.attachmentsAsFiles). */
    callOptions(options) {
        return { ...options, attachmentsAsFiles: true };
    }
    /** The answer as a model may see it; the configured `prompt` is added only where the tool has none. */
    answer(tool, result) {
        // Synchronous when there can be no file: most calls of most tools.
        if (!(result instanceof Blob) && tool.files?.output === undefined)
            return result;
        return this.stored(tool, result);
    }
    async stored(tool, result) {
        const { result: out, stored } = await storeAnswerFiles(tool, result, () => this.store, this.maxFileBytes);
        const prompt = this.options.prompt;
        if (!stored || prompt === undefined || tool.prompt !== undefined || typeof out !== "object" || out === null || Array.isArray(out) || Object.hasOwn(out, "prompt"))
            return out;
        return { ...out, prompt };
    }
}
/** `withFiles` takes a store or the whole options; a store is anything with `put` and `get`. */
export function filesOptionsOf(files) {
    const maybe = files;
    return typeof maybe.put === "function" && typeof maybe.get === "function" ? { store: files } : files;
}
