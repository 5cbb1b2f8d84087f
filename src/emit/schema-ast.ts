/**
 * openapi-typescript's AST made safe for any text in the description, for the two things it
 * does not handle itself. Both are rare, so a cheap test of its printed text decides whether the
 * AST is walked at all.
 *
 * - Comments: it escapes `*\/`, but a title or description that starts a comment line with
 *   `@ts-expect-error` is honoured by tsc as a directive (and fails the build when nothing below
 *   it is an error). Every comment goes through ts-text.ts's commentBody.
 * - Optional members named like Object.prototype's (`valueOf?: number`): TypeScript checks an
 *   object literal that leaves the member out against Object's member of that name, so no literal
 *   without it is assignable. Such members also admit Object's member (ts-text.ts's
 *   optionalMemberType).
 */
import { ts, type TS } from "./typescript-compiler.js";
import { commentBody, OBJECT_MEMBERS } from "./ts-text.js";

/** The nodes to print: `nodes` itself when `printed` (their text) shows nothing to fix. */
export function safeSchemaAst(nodes: TS.Node[], printed: string): TS.Node[] {
  const comments = /@ts-/i.test(printed);
  const members = new RegExp(`\\b(${[...OBJECT_MEMBERS].join("|")})"?\\?:`).test(printed);
  if (!comments && !members) return nodes;
  let out = nodes;
  if (members) out = ts.transform(out, [widenObjectMembers]).transformed;
  if (comments) out = out.map(withSafeComments);
  return out;
}

/** The node with every synthetic comment in its tree passed through commentBody (in place). */
function withSafeComments<T extends TS.Node>(node: T): T {
  const comments = ts.getSyntheticLeadingComments(node);
  if (comments !== undefined) ts.setSyntheticLeadingComments(node, comments.map((c) => ({ ...c, text: commentBody(c.text) })));
  ts.forEachChild(node, (child) => void withSafeComments(child));
  return node;
}

const widenObjectMembers: TS.TransformerFactory<TS.Node> = (context) => {
  const { factory } = context;
  const visit = (node: TS.Node): TS.Node => {
    const next = ts.visitEachChild(node, visit, context);
    if (!ts.isPropertySignature(next) || next.questionToken === undefined || next.type === undefined) return next;
    const name = ts.isIdentifier(next.name) || ts.isStringLiteral(next.name) ? next.name.text : undefined;
    if (name === undefined || !OBJECT_MEMBERS.has(name)) return next;
    const objectMember = factory.createIndexedAccessTypeNode(factory.createTypeReferenceNode("Object"), factory.createLiteralTypeNode(factory.createStringLiteral(name)));
    return factory.updatePropertySignature(next, next.modifiers, next.name, next.questionToken, factory.createUnionTypeNode([next.type, objectMember]));
  };
  return (node) => visit(node);
};
