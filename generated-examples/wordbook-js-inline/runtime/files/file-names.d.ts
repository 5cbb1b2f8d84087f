/**
 * Names and media types of stored files. A name comes from a tool server (Content-Disposition)
 * or a description (a field name), so it is cleaned before a model, a multipart part or a
 * user's download sees it: no folder part (`../../etc/passwd` is `passwd`), no control
 * characters, a bounded length. A file without a name is named after where it came from plus the
 * extension of its type (`getImage.png`), never the reference's `tool-.png` or `testNone`.
 */
export declare const DEFAULT_MIME_TYPE = "application/octet-stream";
/** `type/subtype` in lower case without parameters, or the default for anything unusable. */
export declare function cleanMimeType(type: string | undefined): string;
/** The name without folders and control characters, at most 200 characters; `undefined` when nothing is left. */
export declare function cleanFilename(name: string | undefined): string | undefined;
/** `stem` plus the extension of `mimeType` (`.bin` for an unknown type). */
export declare function defaultFilename(stem: string, mimeType: string): string;
