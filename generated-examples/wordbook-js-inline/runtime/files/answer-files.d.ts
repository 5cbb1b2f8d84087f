import { type OutputFileField } from "./file-fields.js";
import type { FileStore } from "./file-store.js";
/** The parts of a tool entry this needs (toolkit.ts's ToolEntry has them). */
export interface AnsweringTool {
    readonly name: string;
    readonly method: string;
    readonly path: string;
    readonly files?: {
        readonly output?: readonly OutputFileField[];
    };
}
export interface StoredAnswer {
    readonly result: unknown;
    /** At least one file was stored. */
    readonly stored: boolean;
}
export declare function storeAnswerFiles(tool: AnsweringTool, result: unknown, store: () => FileStore, maxBytes: number): Promise<StoredAnswer>;
