/**
 * The operations module. `--emit ts`: `operations.ts` holds one exported async function per
 * operation (and the OperationSpec it hands to the runtime); the `<Name>Input` / `<Name>Output`
 * types go in `operation-types.d.ts` and `operations.ts` re-exports them. `--emit js`:
 * `operations.js` + `operations.d.ts`. Signatures are explicit and non-generic so `tsc` checks
 * each in constant time and `--emit js` can derive declarations file by file.
 *
 * Why the types are a `.d.ts` even in TypeScript output: an app's `tsc` checks every `.ts` file
 * it includes, and checking 1,000 Input/Output aliases resolves every indexed access into
 * `paths` and every member of every input, although the app calls a few operations. A
 * declaration file is skipped under `skipLibCheck` and its types are resolved only where used.
 * On GitHub's description this, `schema.d.ts`, the JSON spec table below and `request` taking an
 * `object` took an app's check from 1.4-1.5x to 0.8-1.0x the time of the same app on
 * openapi-typescript + openapi-fetch (BENCHMARKS.md, "Type-checking apps").
 *
 * Both files are printed as text through ts-text.ts, as every other emitter's output is. They
 * were written with ts-morph structures once, which on GitHub's description was slow for what
 * it did (BENCHMARKS.md, "Generation"): loading ts-morph and the second copy of the TypeScript
 * compiler it bundles, then building and printing a 3 MB syntax tree, for functions of one fixed
 * shape.
 */
import type { ToolkitDescriptors } from "../model/tool-schema/tool-descriptors.js";
import type { OperationModel, ToolkitModel } from "../model/toolkit-model.js";
import { operationSpecOf } from "../model/operation-spec.js";
import type { OperationSpec } from "../runtime/operation.js";
import { wireMethod } from "../model/operation-methods.js";
import { errorResponses, functionInDoc, headersType, inputType, itemType, operationAlias, operationAliasType, outputType, parameterGroupAliases, toolErrorsMember } from "./operation-types.js";
import { toolTypesDeclaration } from "./tool-types.js";
import { pageItemDeclaration, pageItemName, pagedAssignment, pagedJs } from "./page-types.js";
import { code, docCode, docComment, identifier, joinCode, lineComment, literal, propertyKey, singleQuotedLiteral, stringLiteral, type Code } from "./ts-text.js";

/** The file `operations.ts` takes its Input/Output types from (`--emit ts`). */
export const OPERATION_TYPES_FILE = "operation-types.d.ts";
const OPERATION_TYPES_IMPORT = "./operation-types.js";

/**
 * Bytes of OperationSpec data (as JSON) above which `operations.ts` holds every spec in one JSON
 * text instead of an object literal per operation (the same limit as toolkit.ts's data). Checking
 * 1,223 spec literals against `OperationSpec` took half of `operations.ts`'s check time on
 * GitHub's description; a string costs nothing to check.
 */
export const SPEC_TABLE_LIMIT = 256 * 1024;

/** The table of the large form; a name no operation can take (RESERVED_EXPORTS). */
const SPEC_TABLE = code`operationSpecs`;

function specName(op: OperationModel): Code {
  return code`spec_${identifier(op.functionName)}`;
}

export function emitOperationsFile(model: ToolkitModel, descriptors: ToolkitDescriptors, runtimeImport: string, header: Code): { source: Code; types: Code } {
  const specs = model.operations.map(operationSpecOf);
  const tableJson = JSON.stringify(Object.fromEntries(model.operations.map((op, i) => [op.functionName, specs[i]])));
  const asTable = tableJson.length > SPEC_TABLE_LIMIT;
  const typeNames = model.operations.flatMap((op) => [
    ...(inputType(op) !== undefined ? [code`${identifier(op.typeName)}Input`] : []),
    code`${identifier(op.typeName)}Output`,
    ...(op.stream !== undefined ? [code`${identifier(op.typeName)}Item`] : []),
    ...pageItemName(op),
    ...(headersType(op) !== undefined ? [code`${identifier(op.typeName)}Headers`] : []),
  ]);
  const ownTypes = [...typeNames, code`ToolErrors`, code`ToolErrorGuard`];
  const typeImports: Code[] = [];
  typeImports.push(code`import type { ${joinCode([...typeNames, code`ToolErrorGuard`], ", ")} } from ${stringLiteral(OPERATION_TYPES_IMPORT)};`);
  // ToolTypes too, for toolkit.ts, which imports it from here in both modes (--emit js declares it here).
  typeImports.push(code`export type { ${joinCode([...ownTypes, code`ToolTypes`], ", ")} } from ${stringLiteral(OPERATION_TYPES_IMPORT)};`);
  const imports = joinCode(
    [
      code`import { ${runtimeImports(model)} } from ${stringLiteral(runtimeImport)};`,
      code`import { client, type Credentials } from "./client.js";`,
      ...typeImports,
    ],
    "\n",
  );
  const table = asTable
    ? code`
${lineComment(`What each function hands to the runtime (${(tableJson.length / 1e6).toFixed(1)} MB of OperationSpec by function name), precomputed by toolgen.`)}
// Written as JSON text because it is large: tsc need not check 1,000 object literals against OperationSpec.
const ${SPEC_TABLE}: { readonly [functionName: string]: OperationSpec } = JSON.parse(${singleQuotedLiteral(tableJson)});

`
    : code``;
  const functions = joinCode(model.operations.map((op, i) => operationSource(op, asTable ? undefined : specs[i]!)), "\n\n");
  // Its signatures are ToolErrorGuard's, in the declaration file: checking operations.ts resolves none of them.
  const guard = code`${errorStatusTable(model)}\n\n${docComment(GUARD_DOC)}\nexport const isToolCallError: ToolErrorGuard = errorGuard(${ERROR_TABLE});`;
  // The header ends with its line end; a blank line between operations.
  return {
    source: code`${header}${imports}\n${table}${guard}\n\n${functions}${model.operations.length > 0 ? code`\n` : code``}`,
    types: emitOperationTypes(model, descriptors, runtimeImport, header),
  };
}

/** The typed guard's table (a name no operation can take, RESERVED_EXPORTS). */
const ERROR_TABLE = code`toolErrorStatuses`;

const GUARD_DOC = [
  "True for a ToolCallError of any copy of the toolgen runtime. With a tool (canonical or function name), true only for an answer",
  "that tool declares as an error: its status (or `status`, when given) is one of the declared codes, in a declared range",
  "(`4XX`), or any non-2xx status when the tool declares `default`; `e.status` and `e.body` are then typed by that answer.",
  "A tool that declares no error answer, or a status it does not declare, does not compile.",
].join("\n");

/**
 * Per function name, the tool name and its declared error statuses, for the guard's run-time
 * check; only tools that declare error answers. JSON text: nothing for tsc to check.
 */
/** `typed`: with its type annotation (`operations.ts`), without it (`operations.js`). */
function errorStatusTable(model: ToolkitModel, typed = true): Code {
  const table = Object.fromEntries(
    model.operations.flatMap((op) => {
      const statuses = errorResponses(op).map((r) => (r.status === "default" ? r.status : r.status.toUpperCase()));
      return statuses.length > 0 ? [[op.functionName, [op.toolName, ...statuses]]] : [];
    }),
  );
  return code`const ${ERROR_TABLE}${typed ? code`: ErrorStatusTable` : code``} = JSON.parse(${singleQuotedLiteral(JSON.stringify(table))});`;
}

/** `ToolErrors`: per tool (canonical and function name), each declared error status -> the body type. */
function toolErrorsDeclaration(model: ToolkitModel): Code {
  const names = new Set<string>();
  const canonical: { op: OperationModel; member: Code }[] = [];
  for (const op of model.operations) {
    const member = toolErrorsMember(op);
    if (member === undefined || names.has(op.toolName)) continue;
    names.add(op.toolName);
    canonical.push({ op, member });
  }
  const byFunction: typeof canonical = [];
  for (const entry of canonical) {
    if (names.has(entry.op.functionName)) continue;
    names.add(entry.op.functionName);
    byFunction.push(entry);
  }
  const withFunctionName = new Set(byFunction.map(({ op }) => op));
  // The answers are written under the function name, the shorter key to refer to, when the tool has it.
  const lines = [
    ...canonical.map(({ op, member }) => code`  ${propertyKey(op.toolName)}: ${withFunctionName.has(op) ? code`ToolErrors[${stringLiteral(op.functionName)}]` : member};`),
    ...byFunction.map(({ op, member }) => code`  ${propertyKey(op.functionName)}: ${member};`),
  ];
  return code`/**
 * The declared error answers of each tool that has any, by canonical and function name: status
 * as written (\`409\`, \`"4XX"\`, \`default\`) -> the answer's body type. \`isToolCallError(e, tool, status?)\`
 * narrows by it.
 */
export interface ToolErrors {${lines.length > 0 ? code`\n${joinCode(lines, "\n")}\n` : code``}}`;
}

/** The type of the module's `isToolCallError` (declaration files only; GUARD_DOC says what it does). */
const TOOL_ERROR_GUARD = code`/** The type of {@link isToolCallError}: the one-argument form, and the form typed by {@link ToolErrors}. */
export interface ToolErrorGuard {
  (error: unknown): error is ToolCallError;
  <T extends keyof ToolErrors, S extends DeclaredErrorStatus<ToolErrors[T]> = never>(error: unknown, tool: T, status?: S): error is DeclaredToolCallError<ToolErrors[T], S>;
}`;

/** What `operations.ts` takes from the runtime: the streaming parts only when an operation streams. */
function runtimeImports(model: ToolkitModel): Code {
  const names = [code`callOperation`, code`errorGuard`];
  const streams = model.operations.some((op) => op.stream !== undefined);
  if (streams) names.push(code`streamRequest`);
  names.push(code`type CallOptions`, code`type CallPromise`, code`type ErrorStatusTable`, code`type OperationSpec`);
  if (streams) names.push(code`type StreamOptions`);
  if (model.operations.some((op) => op.stream !== undefined && op.responseKind !== "stream")) names.push(code`type ToolStream`);
  if (model.operations.some((op) => op.pagination)) names.push(code`pageCall`, code`type PageCall`);
  return joinCode(names, ", ");
}

/**
 * `operation-types.d.ts`: per operation the file-local alias of `paths[path][method]` and the
 * exported Input and Output types, then `ToolTypes` (tool-types.ts).
 */
function emitOperationTypes(model: ToolkitModel, descriptors: ToolkitDescriptors, runtimeImport: string, header: Code): Code {
  const lines: Code[] = [code`import type { paths } from "./schema.js";`];
  const streamType = model.operations.some((op) => op.responseKind === "stream") ? code`ToolStream, ` : code``;
  lines.push(code`import type { ${streamType}DeclaredErrorStatus, DeclaredToolCallError, ToolCallError } from ${stringLiteral(runtimeImport)};`);
  for (const op of model.operations) lines.push(...typeDeclarations(op));
  lines.push(toolTypesDeclaration(model, descriptors), toolErrorsDeclaration(model), TOOL_ERROR_GUARD);
  // Without an export list a declaration file would export the Op_ aliases too.
  lines.push(code`export {};`);
  return code`${header}${joinCode(lines, "\n")}\n`;
}

/** The alias, Input and Output declarations of one operation, as both modes write them. */
function typeDeclarations(op: OperationModel): Code[] {
  const input = inputType(op);
  const item = itemType(op);
  const headers = headersType(op);
  const T = identifier(op.typeName);
  return [
    code`type ${operationAlias(op)} = ${operationAliasType(op)};`,
    ...parameterGroupAliases(op),
    ...(input !== undefined ? [code`${docComment(inputDoc(op))}\nexport type ${T}Input = ${input};`] : []),
    code`${docComment(outputDoc(op))}\nexport type ${T}Output = ${outputType(op)};`,
    ...(item !== undefined ? [code`${docComment(itemDoc(op))}\nexport type ${T}Item = ${item};`] : []),
    ...(headers !== undefined ? [code`${docComment(headersDoc(op))}\nexport type ${T}Headers = ${headers};`] : []),
    ...pageItemDeclaration(op),
  ];
}

/**
 * `--emit js`: `operations.js` and `operations.d.ts` written straight from the model. Deriving
 * them from `operations.ts` with the TypeScript transpiler costs ~2.5 s on the GitHub description
 * (BENCHMARKS.md); the two files are simple enough to print directly, and the generated-examples
 * test pins them to what the transpiler used to produce.
 */
export function emitOperationsJs(model: ToolkitModel, descriptors: ToolkitDescriptors, runtimeImport: string, header: Code): { js: Code; dts: Code } {
  const from = stringLiteral(runtimeImport);
  const streams = model.operations.some((op) => op.stream !== undefined);
  const js: Code[] = [
    code`import { callOperation, errorGuard${streams ? code`, streamRequest` : code``} } from ${from};`,
    code`import { client } from "./client.js";`,
    errorStatusTable(model, false),
    code`${docComment(GUARD_DOC)}\nexport const isToolCallError = errorGuard(${ERROR_TABLE});`,
  ];
  const dts: Code[] = [
    code`import { type CallOptions, type CallPromise, type DeclaredErrorStatus, type DeclaredToolCallError, type ToolCallError${streams ? code`, type StreamOptions, type ToolStream` : code``}${model.operations.some((op) => op.pagination) ? code`, type PageCall` : code``} } from ${from};`,
    code`import type { Credentials } from "./client.js";`,
    code`import type { paths } from "./schema.js";`,
    code`${docComment(GUARD_DOC)}\nexport declare const isToolCallError: ToolErrorGuard;`,
  ];
  for (const op of model.operations) {
    const input = inputType(op);
    const T = identifier(op.typeName);
    const fn = identifier(op.functionName);
    const doc = docComment(functionDoc(op));
    const streamsOnly = op.responseKind === "stream";
    const args = code`${input !== undefined ? code`input, ` : code``}options`;
    const inputArg = input !== undefined ? code`input` : code`undefined`;
    js.push(
      code`const ${specName(op)} = ${literal(operationSpecOf(op))};`,
      streamsOnly
        ? code`${doc}\nexport async function ${fn}(${args}) {\n    return (await streamRequest(client, ${specName(op)}, ${inputArg}, options));\n}`
        : code`${doc}\nexport function ${fn}(${args}) {\n    return callOperation(client, ${specName(op)}, ${inputArg}, options);\n}`,
    );
    if (op.stream !== undefined && !streamsOnly) {
      js.push(code`${docComment(streamDoc(op))}\n${fn}.stream = async function stream(${args}) {\n    return (await streamRequest(client, ${specName(op)}, ${inputArg}, options));\n};`);
    }
    dts.push(...typeDeclarations(op));
    const params = (options: Code) => joinCode([...(input !== undefined ? [code`input${op.inputOptional ? code`?` : code``}: ${T}Input`] : []), code`options?: ${options}<Credentials>`], ", ");
    dts.push(
      streamsOnly
        ? code`${doc}\nexport declare function ${fn}(${params(code`StreamOptions`)}): Promise<${T}Output>;`
        : code`${doc}\nexport declare function ${fn}(${params(code`CallOptions`)}): CallPromise<${T}Output${callHeaders(op)}>;`,
    );
    if (op.stream !== undefined && !streamsOnly) {
      dts.push(code`export declare namespace ${fn} {\n    ${docComment(streamDoc(op))}\n    function stream(${params(code`StreamOptions`)}): Promise<ToolStream<${T}Item>>;\n}`);
    }
    const paged = pagedJs(op, specName(op));
    js.push(...paged.js);
    dts.push(...paged.dts);
  }
  dts.push(toolTypesDeclaration(model, descriptors), toolErrorsDeclaration(model), TOOL_ERROR_GUARD, code`export {};`);
  // The header ends with its line end.
  return { js: code`${header}${joinCode(js, "\n")}\n`, dts: code`${header}${joinCode(dts, "\n")}\n` };
}

/** The spec (unless the large form's table holds it) and the function of one operation. */
function operationSource(op: OperationModel, spec: ReturnType<typeof operationSpecOf> | undefined): Code {
  const input = inputType(op);
  const T = identifier(op.typeName);
  const specRef = spec !== undefined ? specName(op) : code`${SPEC_TABLE}[${stringLiteral(op.functionName)}]!`;
  const params = (options: Code) => joinCode([...(input !== undefined ? [code`input${op.inputOptional ? code`?` : code``}: ${T}Input`] : []), code`options?: ${options}<Credentials>`], ", ");
  const streamsOnly = op.responseKind === "stream";
  const name = identifier(op.functionName);
  const inputArg = input !== undefined ? code`input` : code`undefined`;
  let fn = streamsOnly
    ? code`${docComment(functionDoc(op))}
export async function ${name}(${params(code`StreamOptions`)}): Promise<${T}Output> {
  return (await streamRequest(client, ${specRef}, ${inputArg}, options)) as ${T}Output;
}`
    : code`${docComment(functionDoc(op))}
export function ${name}(${params(code`CallOptions`)}): CallPromise<${T}Output${callHeaders(op)}> {
  return callOperation(client, ${specRef}, ${inputArg}, options);
}`;
  if (op.stream !== undefined && !streamsOnly) {
    fn = code`${fn}

${docComment(streamDoc(op))}
${name}.stream = async function stream(${params(code`StreamOptions`)}): Promise<ToolStream<${T}Item>> {
  return (await streamRequest(client, ${specRef}, ${inputArg}, options)) as ToolStream<${T}Item>;
};`;
  }
  fn = code`${fn}${pagedAssignment(op, specRef)}`;
  return spec !== undefined ? code`const ${specName(op)}: OperationSpec = ${specLiteral(spec)};\n\n${fn}` : fn;
}

/**
 * The `headers` type argument of `withResponse()`: `, <Name>Headers`, or nothing (CallPromise's
 * default, no key at all), which keeps the text tsc parses per operation short.
 */
function callHeaders(op: OperationModel): Code {
  return headersType(op) !== undefined ? code`, ${identifier(op.typeName)}Headers` : code``;
}

function headersDoc(op: OperationModel): string {
  return `The declared headers of ${functionInDoc(op)}'s success answer, by lower-case name: \`(await ${op.functionName}(…).withResponse()).headers\`.`;
}

/**
 * A spec literal, `as const` when its header table has a key named like an Object.prototype
 * member: TypeScript checks `{ constructor: "string" }` against that member's type, not against
 * the table's index signature, and refuses it; `as const` keeps each value its literal type.
 */
function specLiteral(spec: OperationSpec): Code {
  const prototypeKey = spec.headers !== undefined && Object.keys(spec.headers).some((key) => key in Object.prototype);
  return prototypeKey ? code`${literal(spec)} as const` : literal(spec);
}

/** Doc text (plain; escaped where it is written) of the Input type. */
function inputDoc(op: OperationModel): string {
  return `Input of ${functionInDoc(op)}: ${inputSummary(op)}.`;
}

function outputDoc(op: OperationModel): string {
  return `Result of ${functionInDoc(op)} (the ${successSummary(op)} answer).`;
}

function inputSummary(op: OperationModel): string {
  const parts: string[] = [];
  for (const location of ["path", "query", "querystring", "header", "cookie"] as const) {
    const n = op.parameters.filter((p) => p.in === location).length;
    if (n > 0) parts.push(`${n} ${location} parameter${n === 1 ? "" : "s"}`);
  }
  if (op.body) parts.push(op.body.key === null ? `the ${docCode(op.body.mediaType)} body's properties` : `the ${docCode(op.body.mediaType)} body as ${docCode(op.body.key)}`);
  return parts.join(", ");
}

function itemDoc(op: OperationModel): string {
  const stream = op.stream!;
  const what = stream.format === "event-stream" ? "event (`data` decoded" + (stream.jsonData ? " from JSON)" : ": text)") : stream.format === "json-lines" ? "line" : "record";
  return `One item of the ${docCode(stream.mediaType)} stream of ${functionInDoc(op)}: one ${what}.`;
}

function streamDoc(op: OperationModel): string {
  return [
    `Asks for the ${docCode(op.stream!.mediaType)} answer of {@link ${op.functionName}} and resolves, once its headers arrive, to its items:`,
    `\`for await (const item of await ${op.functionName}.stream(input))\`. \`break\` closes the connection.`,
    "@throws {ToolCallError} for a non-2xx answer, a network failure, a timeout or an abort; while iterating, for a broken connection, an item past `maxResponseBytes` or one that is not what the stream declares.",
  ].join("\n");
}

function successSummary(op: OperationModel): string {
  return op.success.map((r) => r.status).join(" / ") || "untyped";
}

function functionDoc(op: OperationModel): string {
  const lines: string[] = [];
  // A summary that only repeats the description's opening (as tool managers write it) is left out.
  if (op.summary?.trim() && !op.description?.startsWith(op.summary)) lines.push(op.summary.trim());
  if (op.description?.trim()) lines.push((lines.length ? "\n" : "") + op.description.trim());
  lines.push(`${lines.length ? "\n" : ""}Tool ${docCode(op.toolName)}: ${docCode(`${wireMethod(op.method)} ${op.path}`)}.`);
  if (op.responseKind === "stream") {
    lines.push(`Resolves, once the answer's headers arrive, to the items of its ${docCode(op.stream!.mediaType)} stream: \`for await (const item of await ${op.functionName}(…))\`; \`break\` closes the connection.`);
  } else if (op.stream !== undefined) {
    lines.push(`It can also answer a ${docCode(op.stream.mediaType)} stream: {@link ${op.functionName}.stream} reads it item by item.`);
  }
  if (op.deprecated) lines.push("@deprecated");
  lines.push("@throws {ToolCallError} for a non-2xx answer, a network failure, a timeout or an abort.");
  return lines.join("\n");
}
