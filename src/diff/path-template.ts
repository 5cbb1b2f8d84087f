/**
 * Path templates compared with parameter names ignored: `/pet/{id}` and `/pet/{petId}` are the
 * same endpoint (oasdiff docs/MATCHING-ENDPOINTS.md, openapi-diff DefaultPathMatcher, optic
 * normalizeOpenApiPath all do this). A renamed path parameter is then reported on its own, because
 * the generated function's input field carries the name.
 */

const PARAM = /\{[^}/]*\}/g;

/** `/pet/{petId}/photos` -> `/pet/{}/photos`. Trailing slashes are kept: they are different URLs. */
export function normalizePathTemplate(path: string): string {
  return path.replace(PARAM, "{}");
}

/** Names of the template's parameters, in order: `/a/{x}/b/{y}` -> `["x", "y"]`. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[0].slice(1, -1));
}
