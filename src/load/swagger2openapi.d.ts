/**
 * The part of swagger2openapi 7.0.8 that toolgen calls (the package ships no types). Only
 * `convertObj` on an already loaded, self-contained document: toolgen reads every file itself.
 */
declare module "swagger2openapi" {
  export interface ConvertOptions {
    /** Fix what can be fixed (a missing parameter type, a non-required path parameter…) instead of failing. */
    patch?: boolean;
    /** Record a problem on the object it concerns (under `warnProperty`) instead of failing. */
    warnOnly?: boolean;
    warnProperty?: string;
    /** Copy objects shared through YAML anchors instead of refusing them. */
    anchors?: boolean;
    /** Return the converted document itself rather than the options object. */
    direct?: boolean;
    /** The source text; without it the converter serialises the whole document to YAML, unused. */
    text?: string;
    /** Never set by toolgen: it would make the converter read referenced files and URLs itself. */
    resolve?: false;
  }
  export function convertObj(document: object, options: ConvertOptions): Promise<Record<string, unknown>>;
  const converter: { convertObj: typeof convertObj };
  export default converter;
}
