/**
 * Security schemes as the runtime applies them (OpenAPI 3.0 §4.7.27 "Security Scheme Object"),
 * and the credentials a caller supplies for them. Plain data: generated code writes the schemes
 * of its description as a literal, `loadToolkit` reads them from the description at run time.
 */
export {};
