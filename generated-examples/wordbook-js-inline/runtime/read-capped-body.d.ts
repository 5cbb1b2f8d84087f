/** 32 MiB: far above any JSON a model or an app reads whole, far below what hurts a process. */
export declare const DEFAULT_MAX_RESPONSE_BYTES: number;
/** The body passed the cap; what was read of it is dropped. */
export declare class BodyTooLarge {
    readonly limit: number;
    constructor(limit: number);
}
export declare function readCappedBody(response: Response, limit: number, binary?: boolean): Promise<{
    text?: string;
    blob?: Blob;
} | BodyTooLarge>;
