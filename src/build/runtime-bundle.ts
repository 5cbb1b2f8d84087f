/**
 * The runtime that `--runtime inline` writes beside a generated client, as one module: the entry
 * (src/runtime/portable.ts) and every runtime file it reaches, concatenated in dependency order
 * with the imports between them dropped. A user's pull request after `toolgen` then shows one
 * runtime file, not fifty.
 *
 * Concatenating is sound because the runtime is our own code and keeps to three rules, checked
 * here so that the build fails with the file and the name instead of producing a module that
 * means something else: no two files declare the same top-level name (they would clash in one
 * scope), no import renames or gathers (`import * as`, `{ a as b }`: the name used would not be
 * the name declared), and nothing is imported from outside the runtime (there is no package to
 * import from). Only the entry's exports stay exported, so the module's surface is the one
 * generated code was written against.
 */
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import ts from "typescript";

/** One runtime file, parsed: its path under the runtime folder and the runtime files it imports. */
interface RuntimeFile {
  readonly path: string;
  readonly source: ts.SourceFile;
  readonly imports: readonly string[];
}

/** The bundle's source text, from `entry` (a path under `folder`, e.g. `portable.ts`). */
export function bundleRuntime(folder: URL, entry: string): string {
  const files = dependencyOrder(readClosure(folder, entry), entry);
  checkUniqueNames(files);
  const exported = exportedNames(new Map(files.map((file) => [file.path, file])), entry);
  const sections = files
    .filter((file) => file.source.statements.some((statement) => !isModuleLink(statement)))
    .map((file) => `//#region ${file.path}\n${withoutModuleLinks(file, exported).trim()}\n//#endregion`);
  const undeclared = [...exported.undeclared];
  if (undeclared.length > 0) sections.push(`export { ${undeclared.sort().join(", ")} };`);
  return `${sections.join("\n\n")}\n`;
}

/** `entry` and every file it reaches through imports and re-exports, parsed, by path. */
function readClosure(folder: URL, entry: string): Map<string, RuntimeFile> {
  const files = new Map<string, RuntimeFile>();
  const queue = [entry];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (files.has(path)) continue;
    const source = ts.createSourceFile(path, readFileSync(new URL(path, folder), "utf8"), ts.ScriptTarget.ES2022, true);
    const imports = source.statements.flatMap((statement) => {
      if (ts.isImportDeclaration(statement)) checkPlainImport(path, statement);
      if (ts.isExportDeclaration(statement)) checkPlainExport(path, statement);
      const target = linkedFile(path, statement);
      return target === undefined ? [] : [target];
    });
    files.set(path, { path, source, imports });
    queue.push(...imports);
  }
  return files;
}

/** The runtime file an import or re-export statement links to, or undefined for any other statement. */
function linkedFile(path: string, statement: ts.Statement): string | undefined {
  if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return undefined;
  const specifier = statement.moduleSpecifier;
  if (specifier === undefined) return undefined;
  const name = (specifier as ts.StringLiteral).text;
  if (!name.startsWith("./") && !name.startsWith("../")) {
    throw new Error(`runtime/${path} imports "${name}": the inline runtime is one module with no dependency, so it can import no package`);
  }
  const target = posix.join(posix.dirname(path), name.replace(/\.js$/, ".ts"));
  if (target.startsWith("../")) throw new Error(`runtime/${path} imports "${name}", outside the runtime`);
  return target;
}

/**
 * Every file after the files it imports (depth first, in import order), so that top-level code
 * runs after what it uses, as it does with modules. An import cycle is cut where it closes: the
 * compile of the bundle reports a top-level use before its declaration.
 */
function dependencyOrder(files: ReadonlyMap<string, RuntimeFile>, entry: string): RuntimeFile[] {
  const ordered: RuntimeFile[] = [];
  const visited = new Set<string>();
  const visit = (path: string): void => {
    if (visited.has(path)) return;
    visited.add(path);
    const file = files.get(path)!;
    for (const target of file.imports) visit(target);
    ordered.push(file);
  };
  visit(entry);
  return ordered;
}

/** The names a top-level statement declares. */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name));
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isModuleDeclaration(statement)
  ) {
    return statement.name !== undefined && (ts.isIdentifier(statement.name) || ts.isStringLiteral(statement.name)) ? [statement.name.text] : [];
  }
  return [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** Fails on a top-level name declared in two files (an overload or a merged declaration within one file is fine). */
function checkUniqueNames(files: readonly RuntimeFile[]): void {
  const owner = new Map<string, string>();
  const clashes: string[] = [];
  for (const file of files) {
    for (const name of new Set(file.source.statements.flatMap(declaredNames))) {
      const first = owner.get(name);
      if (first === undefined) owner.set(name, file.path);
      else clashes.push(`${name} (runtime/${first} and runtime/${file.path})`);
    }
  }
  if (clashes.length > 0) {
    throw new Error(`the inline runtime is one module, so its files may not declare the same top-level name; rename one of each: ${clashes.join(", ")}`);
  }
}

/** The entry's exports: the names the bundle exports, and those of them no declaration carries `export` for. */
interface ExportedNames {
  readonly names: ReadonlySet<string>;
  readonly undeclared: Set<string>;
}

function exportedNames(files: ReadonlyMap<string, RuntimeFile>, entry: string): ExportedNames {
  const names = new Set<string>();
  const collect = (path: string, seen: Set<string>): void => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const statement of files.get(path)!.source.statements) {
      if (ts.isExportDeclaration(statement)) {
        const target = linkedFile(path, statement);
        if (statement.exportClause === undefined) collect(target!, seen);
        else if (ts.isNamespaceExport(statement.exportClause)) throw new Error(`runtime/${path}: \`export * as\` has no form in one module; export the names themselves`);
        else for (const element of statement.exportClause.elements) names.add(element.name.text);
      } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
        for (const name of declaredNames(statement)) names.add(name);
      }
    }
  };
  collect(entry, new Set());
  // Until a declaration keeps its `export`, every name waits for the list at the end.
  return { names, undeclared: new Set(names) };
}

function hasModifier(statement: ts.Statement, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === kind);
}

function exportKeyword(statement: ts.Statement): ts.Modifier | undefined {
  return ts.canHaveModifiers(statement) ? ts.getModifiers(statement)?.find((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) : undefined;
}

/**
 * The file's text without its imports and re-exports of runtime files, and with `export` kept
 * only on declarations of the entry's exports.
 */
function withoutModuleLinks(file: RuntimeFile, exported: ExportedNames): string {
  const text = file.source.text;
  const cuts: [number, number][] = [];
  const cutStatement = (statement: ts.Statement): void => {
    const end = text[statement.end] === "\n" ? statement.end + 1 : statement.end;
    cuts.push([statement.getStart(file.source), end]);
  };
  for (const statement of file.source.statements) {
    if (isModuleLink(statement)) {
      cutStatement(statement);
    } else if (ts.isExportAssignment(statement) || ts.isImportEqualsDeclaration(statement)) {
      throw new Error(`runtime/${file.path}: \`${statement.getText(file.source).split("\n")[0]}\` has no form in one module`);
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) throw new Error(`runtime/${file.path}: a default export has no name to keep in one module`);
      const names = declaredNames(statement);
      if (names.length > 0 && names.every((name) => exported.names.has(name))) {
        for (const name of names) exported.undeclared.delete(name);
        continue;
      }
      const keyword = exportKeyword(statement)!;
      cuts.push([keyword.getStart(file.source), keyword.end + (/^\s*/.exec(text.slice(keyword.end))?.[0].length ?? 0)]);
    }
  }
  let result = text;
  for (const [start, end] of mergedCuts(text, cuts).reverse()) result = result.slice(0, start) + result.slice(end);
  return result;
}

/** Imports and re-exports: what the bundle drops. */
function isModuleLink(statement: ts.Statement): boolean {
  return ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement);
}

/**
 * The cuts in order, adjacent ones joined, each widened by the blank line after it when one
 * precedes it too, so that a block of imports between blank lines leaves one blank line.
 */
function mergedCuts(text: string, cuts: readonly [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [start, end] of [...cuts].sort(([a], [b]) => a - b)) {
    const last = merged.at(-1);
    if (last !== undefined && last[1] === start) last[1] = end;
    else merged.push([start, end]);
  }
  for (const cut of merged) if (text.slice(cut[0] - 2, cut[0]) === "\n\n" && text[cut[1]] === "\n") cut[1] += 1;
  return merged;
}

function checkPlainImport(path: string, statement: ts.ImportDeclaration): void {
  const clause = statement.importClause;
  if (clause === undefined) return;
  const bindings = clause.namedBindings;
  const renamed =
    clause.name !== undefined || (bindings !== undefined && (ts.isNamespaceImport(bindings) || bindings.elements.some((element) => element.propertyName !== undefined)));
  if (renamed) {
    throw new Error(`runtime/${path}: \`${statement.getText().split("\n")[0]}\` gives a name other than the declared one, which one module cannot; import the name itself`);
  }
}

function checkPlainExport(path: string, statement: ts.ExportDeclaration): void {
  const clause = statement.exportClause;
  if (clause !== undefined && ts.isNamedExports(clause) && clause.elements.some((element) => element.propertyName !== undefined)) {
    throw new Error(`runtime/${path}: \`${statement.getText().split("\n")[0]}\` exports a name other than the declared one, which one module cannot; export the name itself`);
  }
}
