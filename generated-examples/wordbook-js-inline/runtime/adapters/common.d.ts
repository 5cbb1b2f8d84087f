/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
/**
 * What every provider adapter shares: which tools to convert, how warnings are reported,
 * description length caps, and example calls in provider-neutral form. Adapters are pure
 * functions over descriptors; none imports a provider SDK.
 */
import type { ToolDescriptor } from "../toolkit.js";
import type { JsonSchema } from "../validation/json-schema.js";
/** Anything with descriptors: a generated `toolkit`, a `loadToolkit` result, or `{ tools: [...] }`. */
export interface ToolSource {
    readonly tools: readonly ToolDescriptor[];
}
export interface AdapterOptions {
    /** Keeps only the tools for which this returns true (default: all). */
    readonly only?: (tool: ToolDescriptor) => boolean;
    /** Longest description sent; longer ones are cut at a word boundary and end with "…". */
    readonly maxDescription?: number;
    /** Receives each warning. Default: one console.warn per adapter call summing them up. */
    readonly onWarning?: (message: string) => void;
}
export declare function selectTools(source: ToolSource, options: AdapterOptions): readonly ToolDescriptor[];
/** Collects warnings; `flush()` reports them as the caller asked. */
export declare class Warnings {
    private readonly adapter;
    private readonly onWarning;
    private readonly messages;
    constructor(adapter: string, onWarning: ((message: string) => void) | undefined);
    add(message: string): void;
    flush(): void;
}
/** Cuts text to `max` characters (code points), at a word boundary when one is near. */
export declare function truncate(text: string, max: number | undefined): string;
/** One example call of a tool: what the user said just before, and the arguments. */
export interface ExampleCall {
    readonly user?: string;
    readonly thoughts?: string;
    readonly arguments: Readonly<Record<string, unknown>>;
}
/** Every call of `tool` in its example conversations, in order. */
export declare function exampleCalls(tool: ToolDescriptor): ExampleCall[];
/**
 * The description with example calls appended ("Examples:" then `user text -> name({...})`), for
 * providers without an examples field, as the AI SDK's addToolInputExamplesMiddleware does. Only
 * whole examples that fit in `max` are added; the description itself is cut first if needed.
 */
export declare function describeWithExamples(tool: ToolDescriptor, callName: string, max: number | undefined, withExamples: boolean): string;
/** A descriptor schema in the loose shape provider SDKs declare (`{ [key: string]: unknown }`). */
export declare function schemaRecord(schema: JsonSchema): Record<string, unknown>;
