/**
 * `operations.ts`: per operation its Input/Output types, its OperationSpec, and one exported
 * async function, written with ts-morph structures. Signatures are explicit and non-generic so
 * `tsc` checks each in constant time and `--emit js` can derive declarations file by file.
 */
import { IndentationText, Project, StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { OperationModel, ToolkitModel } from "../model/toolkit-model.js";
import { operationSpecLiteral } from "./operation-spec.js";
import { inputType, operationAlias, operationAliasType, outputType } from "./operation-types.js";
import { docCode, docText } from "./ts-text.js";

function specName(op: OperationModel): string {
  return `spec_${op.functionName}`;
}

export function emitOperationsFile(model: ToolkitModel, runtimeImport: string, header: string): string {
  const statements: StatementStructures[] = [];
  for (const op of model.operations) statements.push(...operationStatements(op));
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces },
  });
  const file = project.createSourceFile("operations.ts", {
    statements: [
      header,
      `import { request, type CallOptions, type OperationSpec } from ${JSON.stringify(runtimeImport)};`,
      `import { client } from "./client.js";`,
      `import type { paths } from "./schema.js";`,
      ...statements,
    ],
  });
  return file.getFullText();
}

/**
 * `--emit js`: `operations.js` and `operations.d.ts` written straight from the model. Deriving
 * them from `operations.ts` with the TypeScript transpiler costs ~2.5 s on the GitHub description
 * (BENCHMARKS.md); the two files are simple enough to print directly, and the generated-examples
 * test pins them to what the transpiler used to produce.
 */
export function emitOperationsJs(model: ToolkitModel, runtimeImport: string, header: string): { js: string; dts: string } {
  const js: string[] = [header.trimEnd(), `import { request } from ${JSON.stringify(runtimeImport)};`, `import { client } from "./client.js";`];
  const dts: string[] = [header.trimEnd(), `import { type CallOptions } from ${JSON.stringify(runtimeImport)};`, `import type { paths } from "./schema.js";`];
  for (const op of model.operations) {
    const input = inputType(op);
    const T = op.typeName;
    const doc = jsDoc(functionDoc(op));
    js.push(
      `const ${specName(op)} = ${operationSpecLiteral(op)};`,
      `${doc}\nexport async function ${op.functionName}(${input !== undefined ? "input, " : ""}options) {\n    return (await request(client, ${specName(op)}, ${input !== undefined ? "input" : "undefined"}, options));\n}`,
    );
    dts.push(`type ${operationAlias(op)} = ${operationAliasType(op)};`);
    if (input !== undefined) dts.push(`${jsDoc(`Input of {@link ${op.functionName}}: ${inputSummary(op)}.`)}\nexport type ${T}Input = ${input};`);
    dts.push(`${jsDoc(`Result of {@link ${op.functionName}} (the ${successSummary(op)} answer).`)}\nexport type ${T}Output = ${outputType(op)};`);
    const params = [...(input !== undefined ? [`input${op.inputOptional ? "?" : ""}: ${T}Input`] : []), "options?: CallOptions"].join(", ");
    dts.push(`${doc}\nexport declare function ${op.functionName}(${params}): Promise<${T}Output>;`);
  }
  dts.push("export {};");
  return { js: `${js.join("\n")}\n`, dts: `${dts.join("\n")}\n` };
}

function jsDoc(text: string): string {
  const lines = text.split("\n");
  if (lines.length === 1) return `/** ${lines[0]} */`;
  return ["/**", ...lines.map((l) => (l ? ` * ${l}` : " *")), " */"].join("\n");
}

function operationStatements(op: OperationModel): StatementStructures[] {
  const input = inputType(op);
  const output = outputType(op);
  const T = op.typeName;
  const out: StatementStructures[] = [
    { kind: StructureKind.TypeAlias, name: operationAlias(op), type: operationAliasType(op) },
  ];
  if (input !== undefined) {
    out.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${T}Input`,
      type: input,
      docs: [`Input of {@link ${op.functionName}}: ${inputSummary(op)}.`],
    });
  }
  out.push(
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${T}Output`,
      type: output,
      docs: [`Result of {@link ${op.functionName}} (the ${successSummary(op)} answer).`],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: specName(op), type: "OperationSpec", initializer: operationSpecLiteral(op) }],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      isAsync: true,
      name: op.functionName,
      docs: [functionDoc(op)],
      parameters: [
        ...(input !== undefined
          ? [{ name: "input", type: `${T}Input`, ...(op.inputOptional ? { hasQuestionToken: true } : {}) }]
          : []),
        { name: "options", type: "CallOptions", hasQuestionToken: true },
      ],
      returnType: `Promise<${T}Output>`,
      statements: [
        `return (await request(client, ${specName(op)}, ${input !== undefined ? "input" : "undefined"}, options)) as ${T}Output;`,
      ],
    },
  );
  return out;
}

function inputSummary(op: OperationModel): string {
  const parts: string[] = [];
  for (const location of ["path", "query", "header", "cookie"] as const) {
    const n = op.parameters.filter((p) => p.in === location).length;
    if (n > 0) parts.push(`${n} ${location} parameter${n === 1 ? "" : "s"}`);
  }
  if (op.body) parts.push(op.body.key === null ? `the ${op.body.mediaType} body's properties` : `the ${op.body.mediaType} body as \`${op.body.key}\``);
  return parts.join(", ");
}

function successSummary(op: OperationModel): string {
  return op.success.map((r) => r.status).join(" / ") || "untyped";
}

function functionDoc(op: OperationModel): string {
  const lines: string[] = [];
  // A summary that only repeats the description's opening (as tool managers write it) is left out.
  if (op.summary && !op.description?.startsWith(op.summary)) lines.push(docText(op.summary));
  if (op.description) lines.push((lines.length ? "\n" : "") + docText(op.description));
  lines.push(`${lines.length ? "\n" : ""}Tool ${docCode(op.toolName)}: ${docCode(`${op.method.toUpperCase()} ${op.path}`)}.`);
  if (op.deprecated) lines.push("@deprecated");
  lines.push("@throws {ToolCallError} for a non-2xx answer, a network failure, a timeout or an abort.");
  return lines.join("\n");
}
