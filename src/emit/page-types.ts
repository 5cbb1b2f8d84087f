/**
 * What a paged operation (model/pagination.ts) adds to the operations module: the
 * `<Name>PageItem` type, an indexed access into its Output, and `fn.paged`, which `paginate`
 * reads (the client and spec it calls with, and, as a phantom, the item type). Operations that
 * do not page get nothing, so the per-operation type cost stays where it was.
 */
import type { OperationModel } from "../model/toolkit-model.js";
import { code, docComment, identifier, indexAccess, type Code } from "./ts-text.js";

/** `<Name>PageItem` declared in operation-types.d.ts (both modes), or nothing. */
export function pageItemDeclaration(op: OperationModel): Code[] {
  if (!op.pagination) return [];
  const T = identifier(op.typeName);
  let type = code`NonNullable<${T}Output>`;
  for (const name of op.pagination.items?.split(".") ?? []) type = code`NonNullable<${indexAccess(type, name)}>`;
  const doc = `One item of a page of {@link ${op.functionName}}: what \`paginate(${op.functionName}, input)\` yields.`;
  return [code`${docComment(doc)}\nexport type ${T}PageItem = ${type}[number];`];
}

/** The type name to import, for paged operations. */
export function pageItemName(op: OperationModel): Code[] {
  return op.pagination ? [code`${identifier(op.typeName)}PageItem`] : [];
}

/** `--emit ts`: `fn.paged = …` after the function. */
export function pagedAssignment(op: OperationModel, specRef: Code): Code {
  if (!op.pagination) return code``;
  return code`\n\n${identifier(op.functionName)}.paged = { client, spec: ${specRef} } as PageCall<${identifier(op.typeName)}PageItem>;`;
}

/** `--emit js`: the assignment in operations.js and its declaration in operations.d.ts. */
export function pagedJs(op: OperationModel, specRef: Code): { js: Code[]; dts: Code[] } {
  if (!op.pagination) return { js: [], dts: [] };
  const fn = identifier(op.functionName);
  return {
    js: [code`${fn}.paged = { client, spec: ${specRef} };`],
    dts: [code`export declare namespace ${fn} {\n    const paged: PageCall<${identifier(op.typeName)}PageItem>;\n}`],
  };
}
