/**
 * The document the schema types are written from: the model's document with the shapes that
 * openapi-typescript types into output that does not compile rewritten into equivalent ones
 * (docs/descriptions.md lists them). Only the types see it: tool schemas, the diff and the runtime read the
 * document as written, so their messages keep naming the places the author wrote.
 *
 * Each step plans on the document first; the document is copied only when a step has work, so a
 * description that needs none (most) costs one read-only walk per step and no copy.
 */
import type { OpenApiDocument } from "../../load/loaded-description.js";
import type { ToolkitModel } from "../toolkit-model.js";
import { hoistDeepRefs, planDeepRefs } from "./deep-refs.js";
import { flattenDiscriminatorAllOfParts, planDiscriminatorAllOfParts } from "./discriminator-all-of-parts.js";
import { dropEmptyObjectAllOfParts, planEmptyObjectAllOfParts } from "./empty-object-all-of-parts.js";
import { nullAsBranch, planNullTypeBesideOneOf } from "./null-type-beside-one-of.js";
import { needsOpenapi31Shape, toOpenapi31Shape } from "./openapi-32-shape.js";
import { planNullableAllOfBases, twinNullableAllOfBases } from "./nullable-all-of-bases.js";
import { dropNonObjectEnumValues, planObjectTypeEnums } from "./object-type-enum.js";
import { hoistPathParameterRefs, planPathParameterRefs } from "./path-parameter-refs.js";
import { markRecursiveArrays, planRecursiveArrays } from "./recursive-arrays.js";
import { withDescriptionObjectsRemembered } from "./ref-holders.js";
import { planStreamItems, writeStreamItems } from "./stream-items.js";

type Json = Record<string, unknown>;

export interface TypesDocument {
  readonly document: OpenApiDocument;
  /** What was read differently from how it is written, for the generation's warnings. */
  readonly warnings: readonly string[];
}

export function typesDocumentOf(source: OpenApiDocument): TypesDocument {
  return withDescriptionObjectsRemembered(source, () => typesDocumentFrom(source));
}

function typesDocumentFrom(source: OpenApiDocument): TypesDocument {
  let document = source as Json;
  let owned = false;
  const own = (): Json => {
    if (!owned) {
      document = structuredClone(document);
      owned = true;
    }
    return document;
  };
  const warnings: string[] = [];

  // Before all: every step below, and openapi-typescript, reads a 3.1-shaped document.
  if (needsOpenapi31Shape(document)) toOpenapi31Shape(own());

  // First: the item schemas it writes hold references that the steps below may have to rewrite.
  if (planStreamItems(document).length > 0) {
    const copy = own();
    writeStreamItems(copy, planStreamItems(copy));
  }

  const deep = planDeepRefs(document);
  if (deep.redirect.size > 0 || deep.targets.length > 0) {
    // Plans hold segments and ref texts, not nodes, so they apply to the copy as they are.
    hoistDeepRefs(own(), deep);
  }

  // After the deep refs: a ref into a path parameter's schema has been given its own name by then.
  if (planPathParameterRefs(document).refs.size > 0) hoistPathParameterRefs(own(), planPathParameterRefs(document));

  if (planNullTypeBesideOneOf(document).length > 0) {
    const schemas = planNullTypeBesideOneOf(own());
    nullAsBranch(schemas);
    warnings.push(
      `${schemas.length} schema${schemas.length === 1 ? " has" : "s have"} type "null" beside a oneOf/anyOf that never admits null; typed as "null or one of the branches"`,
    );
  }

  if (planObjectTypeEnums(document).length > 0) {
    const schemas = planObjectTypeEnums(own());
    dropNonObjectEnumValues(schemas);
    warnings.push(
      `${schemas.length} schema${schemas.length === 1 ? " has" : "s have"} type "object" and an enum of values that are no objects, which no value can match; typed without those values`,
    );
  }

  // Before the two below: the parts it lifts and the required keys it moves are theirs to see.
  if (planDiscriminatorAllOfParts(document).length > 0) flattenDiscriminatorAllOfParts(planDiscriminatorAllOfParts(own()));

  if (planEmptyObjectAllOfParts(document).length > 0) dropEmptyObjectAllOfParts(planEmptyObjectAllOfParts(own()));

  if (planNullableAllOfBases(document).size > 0) {
    const copy = own();
    twinNullableAllOfBases(copy, planNullableAllOfBases(copy));
  }

  let recursion = planRecursiveArrays(document);
  if (recursion.arrays.length > 0) {
    // Marks go on nodes, so the plan is made again on the copy.
    recursion = planRecursiveArrays(own());
    markRecursiveArrays(recursion);
  }
  if (recursion.unbroken.length > 0) {
    const names = recursion.unbroken.slice(0, 5).join(", ") + (recursion.unbroken.length > 5 ? ", …" : "");
    warnings.push(`schemas ${names} refer to themselves through unions or intersections alone; their types may not compile`);
  }
  return { document: document as OpenApiDocument, warnings };
}

/** The model with its types document, and the warnings about it added to the model's. */
export function withTypesDocument(model: ToolkitModel): ToolkitModel {
  const types = typesDocumentOf(model.document);
  return { ...model, typesDocument: types.document, warnings: [...model.warnings, ...types.warnings] };
}
