/**
 * The interfaces that stand for arrays the model marked as recursive
 * (model/types-document/recursive-arrays.ts): `export interface EdgeConfigItemValueArray extends
 * Array<components["schemas"]["EdgeConfigItemValue"]> {}`. An interface's members are resolved
 * lazily, so a component may reach itself through it where `X[]` in its own type is TS2502. The
 * interface is assignable both ways with the array type it replaces.
 */
import { transformSchemaObject } from "./openapi-typescript-transform.js";
import { ts, type TS } from "./typescript-compiler.js";
import { isObject } from "../model/local-ref.js";

type TransformOptions = Parameters<typeof transformSchemaObject>[1];

/** Names schema.ts declares at its top level, which an interface must not take. */
const TAKEN = ["paths", "webhooks", "components", "$defs", "operations", "requestComponents", "WithRequired", "OneOf"];

export class RecursiveArrayInterfaces {
  readonly declarations: TS.InterfaceDeclaration[] = [];
  private readonly names = new Set(TAKEN);
  private readonly byKey = new Map<string, string>();
  private readonly printer = ts.createPrinter();
  private readonly file = ts.createSourceFile("element.ts", "", ts.ScriptTarget.Latest);

  /** The type reference to use for the marked array `node`, declaring its interface once. */
  reference(node: Record<string, unknown>, options: TransformOptions): TS.TypeNode | undefined {
    const items = node.items;
    // Tuples stay as openapi-typescript prints them: an interface cannot stand for one.
    if (!isObject(items) || Array.isArray(node.prefixItems)) return undefined;
    const itemsIsArray = items.type === "array";
    const inner = transformSchemaObject(items as never, options);
    const element = itemsIsArray ? ts.factory.createArrayTypeNode(inner) : inner;
    const key = `${options.path ?? ""}\u0000${this.printer.printNode(ts.EmitHint.Unspecified, element, this.file)}`;
    let name = this.byKey.get(key);
    if (name === undefined) {
      name = this.freeName(componentOf(options.path));
      this.byKey.set(key, name);
      this.declarations.push(
        ts.factory.createInterfaceDeclaration(
          [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
          name,
          undefined,
          [ts.factory.createHeritageClause(ts.SyntaxKind.ExtendsKeyword, [ts.factory.createExpressionWithTypeArguments(ts.factory.createIdentifier("Array"), [element])])],
          [],
        ),
      );
    }
    return ts.factory.createTypeReferenceNode(name);
  }

  private freeName(component: string): string {
    const base = `${component}Array`;
    let name = base;
    for (let n = 2; this.names.has(name); n++) name = `${base}${n}`;
    this.names.add(name);
    return name;
  }
}

/** The component a node path lies in, as an identifier: `#/components/schemas/a.b/oneOf/4` → `A_b`. */
function componentOf(path: string | undefined): string {
  const match = /^#\/components\/schemas\/([^/]+)/.exec(path ?? "");
  const raw = match ? match[1]!.replaceAll("~1", "/").replaceAll("~0", "~") : "Recursive";
  const word = raw.replace(/[^A-Za-z0-9_$]+/g, "_");
  const identifier = /^[A-Za-z_$]/.test(word) ? word : `_${word}`;
  return identifier.charAt(0).toUpperCase() + identifier.slice(1);
}
