/**
 * Bad input from the user's side: an unreachable server, a missing or malformed description, a
 * `$ref` that points nowhere. The CLI prints `message` as one line and exits 2; nothing is written.
 * `where` names the place (URL or file, plus line or JSON pointer) so the message can be acted on.
 */
export class BadInputError extends Error {
  override readonly name = "BadInputError";
  constructor(
    message: string,
    readonly where?: string,
    options?: { cause?: unknown },
  ) {
    super(withoutUserinfo(where ? `${where}: ${message}` : message), options);
  }
}

/** `https://user:secret@host/…` -> `https://host/…`: a message is printed and logged, a password must not be. */
function withoutUserinfo(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, "$1");
}
