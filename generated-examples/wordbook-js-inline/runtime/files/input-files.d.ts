import { type InputFileField } from "./file-fields.js";
import { type FileStore } from "./file-store.js";
export declare function resolveInputFiles(tool: string, fields: readonly InputFileField[], args: Record<string, unknown>, store: () => FileStore, maxBytes: number): Promise<Record<string, unknown>>;
