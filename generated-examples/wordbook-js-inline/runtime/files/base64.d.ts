/**
 * Base64 both ways with web-standard `btoa`/`atob` only (portable.ts's rule: no Buffer), in
 * chunks so a 20 MiB file never builds one 20 MiB argument list.
 */
export declare function bytesToBase64(bytes: Uint8Array): string;
/**
 * The bytes of standard or URL-safe base64 (padding optional, whitespace ignored), or `undefined`
 * when the text is not base64: then it is not file content, and is left as it came.
 */
export declare function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined;
