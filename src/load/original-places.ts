/**
 * Errors and warnings about a converted Swagger 2.0 description name places in the 2.0 file the
 * user wrote, not in the OpenAPI 3.0 document toolgen made of it: the model reads the converted
 * document and names pointers into it, and these two functions translate them on the way out.
 * For an OpenAPI 3 description both leave everything as it is.
 */
import { BadInputError } from "./bad-input-error.js";
import type { LoadedDescription } from "./loaded-description.js";

/** Runs `build`; a BadInputError it throws about the converted document is rethrown in 2.0 terms. */
export function withOriginalPlaces<T>(loaded: LoadedDescription, build: () => T): T {
  const origin = loaded.convertedFrom;
  if (origin === undefined) return build();
  try {
    return build();
  } catch (error) {
    if (!(error instanceof BadInputError) || error.where === undefined || !error.where.startsWith("#")) throw error;
    const prefix = `${error.where}: `;
    const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    throw new BadInputError(inOriginalTerms(loaded, message), origin.originalPlace(error.where), { cause: error });
  }
}

/**
 * A message with every pointer in it (`#/paths/~1pets/post/requestBody: …`, `$ref "#/components/…"`)
 * made to name the same place in the 2.0 description; a message that starts with a pointer also
 * gets the file name.
 */
export function inOriginalTerms(loaded: LoadedDescription, message: string): string {
  const origin = loaded.convertedFrom;
  if (origin === undefined) return message;
  return message.replace(/(^|[\s"'(])(#\/[^\s"')]*?)(?=: |[\s"')]|:?$)/g, (_match, before: string, pointer: string, offset: number) => {
    const place = origin.originalPlace(pointer);
    // Only the leading pointer says where the message is about; a pointer inside it is a value.
    return `${before}${offset === 0 ? place : place.slice(place.indexOf("#"))}`;
  });
}
