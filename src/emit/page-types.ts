/**
 * What a paged operation (model/pagination.ts) adds to the operations module: the
 * `<Name>PageItem` type, an indexed access into its Output, in the declaration file, and
 * `fn.paged`, which `paginate` reads: the client and spec it calls with, typed `PageCall<"data">`
 * by where the items are, so `paginate` computes the item type from the function's result type
 * at its call sites only (runtime/paginate.ts says what naming the item type here cost).
 * Operations that do not page get nothing.
 */
import type { OperationModel } from "../model/toolkit-model.js";
import { functionInDoc } from "./operation-types.js";
import { code, docComment, identifier, indexAccess, stringLiteral, type Code } from "./ts-text.js";

/** `<Name>PageItem` declared in operation-types.d.ts (both modes), or nothing. */
export function pageItemDeclaration(op: OperationModel): Code[] {
  if (!op.pagination) return [];
  const T = identifier(op.typeName);
  let type = code`NonNullable<${T}Output>`;
  for (const name of op.pagination.items?.split(".") ?? []) type = code`NonNullable<${indexAccess(type, name)}>`;
  const doc = `One item of a page of ${functionInDoc(op)}: what \`paginate(${op.functionName}, input)\` yields.`;
  return [code`${docComment(doc)}\nexport type ${T}PageItem = ${type}[number];`];
}

/** The type name to import, for paged operations. */
export function pageItemName(op: OperationModel): Code[] {
  return op.pagination ? [code`${identifier(op.typeName)}PageItem`] : [];
}

/** `--emit ts`: `fn.paged = …` after the function. */
export function pagedAssignment(op: OperationModel, specRef: Code): Code {
  if (!op.pagination) return code``;
  return code`\n\n${identifier(op.functionName)}.paged = pageCall(client, ${specRef}) as PageCall<${stringLiteral(op.pagination.items ?? "")}>;`;
}

/** `--emit js`: the assignment in operations.js and its declaration in operations.d.ts. */
export function pagedJs(op: OperationModel, specRef: Code): { js: Code[]; dts: Code[] } {
  if (!op.pagination) return { js: [], dts: [] };
  const fn = identifier(op.functionName);
  return {
    js: [code`${fn}.paged = { client, spec: ${specRef} };`],
    dts: [code`export declare namespace ${fn} {\n    const paged: PageCall<${stringLiteral(op.pagination.items ?? "")}>;\n}`],
  };
}
