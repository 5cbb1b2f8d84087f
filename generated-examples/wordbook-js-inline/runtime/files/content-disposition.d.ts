export interface Download {
    /** The name the server suggests, cleaned; absent when it gave none usable. */
    readonly filename?: string;
}
/**
 * A download is `attachment`, or any disposition that names a file. `inline` without a name is
 * the server saying "show this", so the answer is read by its media type as usual.
 */
export declare function downloadOf(header: string | null): Download | undefined;
