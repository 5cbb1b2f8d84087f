/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
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
