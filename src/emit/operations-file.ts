/**
 * `operations.ts`: per operation its Input/Output types, its OperationSpec, and one exported
 * async function, written with ts-morph structures. Signatures are explicit and non-generic so
 * `tsc` checks each in constant time and `--emit js` can derive declarations file by file.
 */
import { IndentationText, Project, StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { OperationModel, ToolkitModel } from "../model/toolkit-model.js";
import { operationSpecOf } from "./operation-spec.js";
import { inputType, operationAlias, operationAliasType, outputType } from "./operation-types.js";
import { code, docCode, docComment, docText, identifier, joinCode, literal, printedCode, stringLiteral, type Code } from "./ts-text.js";

function specName(op: OperationModel): Code {
  return code`spec_${identifier(op.functionName)}`;
}

export function emitOperationsFile(model: ToolkitModel, runtimeImport: string, header: Code): Code {
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
      code`import { request, type CallOptions, type OperationSpec } from ${stringLiteral(runtimeImport)};`,
      code`import { client, type Credentials } from "./client.js";`,
      code`import type { paths } from "./schema.js";`,
      ...statements,
    ],
  });
  // ts-morph prints the structures below, each made of Code.
  return printedCode(file.getFullText());
}

/**
 * `--emit js`: `operations.js` and `operations.d.ts` written straight from the model. Deriving
 * them from `operations.ts` with the TypeScript transpiler costs ~2.5 s on the GitHub description
 * (BENCHMARKS.md); the two files are simple enough to print directly, and the generated-examples
 * test pins them to what the transpiler used to produce.
 */
export function emitOperationsJs(model: ToolkitModel, runtimeImport: string, header: Code): { js: Code; dts: Code } {
  const from = stringLiteral(runtimeImport);
  const js: Code[] = [code`import { request } from ${from};`, code`import { client } from "./client.js";`];
  const dts: Code[] = [code`import { type CallOptions } from ${from};`, code`import type { Credentials } from "./client.js";`, code`import type { paths } from "./schema.js";`];
  for (const op of model.operations) {
    const input = inputType(op);
    const T = identifier(op.typeName);
    const fn = identifier(op.functionName);
    const doc = docComment(functionDoc(op));
    js.push(
      code`const ${specName(op)} = ${literal(operationSpecOf(op))};`,
      code`${doc}\nexport async function ${fn}(${input !== undefined ? code`input, ` : code``}options) {\n    return (await request(client, ${specName(op)}, ${input !== undefined ? code`input` : code`undefined`}, options));\n}`,
    );
    dts.push(code`type ${operationAlias(op)} = ${operationAliasType(op)};`);
    if (input !== undefined) dts.push(code`${docComment(inputDoc(op))}\nexport type ${T}Input = ${input};`);
    dts.push(code`${docComment(outputDoc(op))}\nexport type ${T}Output = ${outputType(op)};`);
    const params = joinCode([...(input !== undefined ? [code`input${op.inputOptional ? code`?` : code``}: ${T}Input`] : []), code`options?: CallOptions<Credentials>`], ", ");
    dts.push(code`${doc}\nexport declare function ${fn}(${params}): Promise<${T}Output>;`);
  }
  dts.push(code`export {};`);
  // The header ends with its line end.
  return { js: code`${header}${joinCode(js, "\n")}\n`, dts: code`${header}${joinCode(dts, "\n")}\n` };
}

function operationStatements(op: OperationModel): StatementStructures[] {
  const input = inputType(op);
  const output = outputType(op);
  const T = identifier(op.typeName);
  const out: StatementStructures[] = [
    { kind: StructureKind.TypeAlias, name: operationAlias(op), type: operationAliasType(op) },
  ];
  if (input !== undefined) {
    out.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: code`${T}Input`,
      type: input,
      docs: [docText(inputDoc(op))],
    });
  }
  out.push(
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: code`${T}Output`,
      type: output,
      docs: [docText(outputDoc(op))],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: specName(op), type: code`OperationSpec`, initializer: literal(operationSpecOf(op)) }],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      isAsync: true,
      name: identifier(op.functionName),
      docs: [docText(functionDoc(op))],
      parameters: [
        ...(input !== undefined
          ? [{ name: code`input`, type: code`${T}Input`, ...(op.inputOptional ? { hasQuestionToken: true } : {}) }]
          : []),
        { name: code`options`, type: code`CallOptions<Credentials>`, hasQuestionToken: true },
      ],
      returnType: code`Promise<${T}Output>`,
      statements: [
        code`return (await request(client, ${specName(op)}, ${input !== undefined ? code`input` : code`undefined`}, options)) as ${T}Output;`,
      ],
    },
  );
  return out;
}

/** Doc text (plain; escaped where it is written) of the Input type. */
function inputDoc(op: OperationModel): string {
  return `Input of {@link ${op.functionName}}: ${inputSummary(op)}.`;
}

function outputDoc(op: OperationModel): string {
  return `Result of {@link ${op.functionName}} (the ${successSummary(op)} answer).`;
}

function inputSummary(op: OperationModel): string {
  const parts: string[] = [];
  for (const location of ["path", "query", "header", "cookie"] as const) {
    const n = op.parameters.filter((p) => p.in === location).length;
    if (n > 0) parts.push(`${n} ${location} parameter${n === 1 ? "" : "s"}`);
  }
  if (op.body) parts.push(op.body.key === null ? `the ${docCode(op.body.mediaType)} body's properties` : `the ${docCode(op.body.mediaType)} body as ${docCode(op.body.key)}`);
  return parts.join(", ");
}

function successSummary(op: OperationModel): string {
  return op.success.map((r) => r.status).join(" / ") || "untyped";
}

function functionDoc(op: OperationModel): string {
  const lines: string[] = [];
  // A summary that only repeats the description's opening (as tool managers write it) is left out.
  if (op.summary?.trim() && !op.description?.startsWith(op.summary)) lines.push(op.summary.trim());
  if (op.description?.trim()) lines.push((lines.length ? "\n" : "") + op.description.trim());
  lines.push(`${lines.length ? "\n" : ""}Tool ${docCode(op.toolName)}: ${docCode(`${op.method.toUpperCase()} ${op.path}`)}.`);
  if (op.deprecated) lines.push("@deprecated");
  lines.push("@throws {ToolCallError} for a non-2xx answer, a network failure, a timeout or an abort.");
  return lines.join("\n");
}
