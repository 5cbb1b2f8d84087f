/**
 * `ToolTypes`: the interface that types `toolkit.call` and `toolkit.check` by tool name
 * (runtime/typed-toolkit.ts). One member per name the toolkit resolves at run time, canonical,
 * wire and function name, each `{ args; result }` in terms of the operation's own
 * `<Name>Input` and `<Name>Output`, so a literal compiles exactly when the runtime would find the
 * tool. It is written into the declaration file beside those types (`operation-types.d.ts`, or
 * `operations.d.ts` for `--emit js`): an app's `tsc` skips it under `skipLibCheck` and resolves
 * only the members the app's literal names pick (BENCHMARKS.md, "Type-checking apps").
 */
import type { ToolkitDescriptors } from "../model/tool-schema/tool-descriptors.js";
import type { OperationModel, ToolkitModel } from "../model/toolkit-model.js";
import type { ToolDescriptor } from "../runtime/toolkit.js";
import { code, identifier, joinCode, propertyKey, stringLiteral, type Code } from "./ts-text.js";

export function toolTypesDeclaration(model: ToolkitModel, descriptors: ToolkitDescriptors): Code {
  const owners = new Map<string, number>();
  const claim = (name: string, index: number) => {
    if (!owners.has(name)) owners.set(name, index);
  };
  // The lookup order of createToolkit: canonical names, then wire names, then function names, so
  // a name two tools could answer to is typed as the tool the runtime picks.
  model.operations.forEach((op, index) => claim(op.toolName, index));
  descriptors.tools.forEach((tool, index) => claim(tool.wireName, index));
  model.operations.forEach((op, index) => claim(op.functionName, index));
  // Each tool's type is written once, under its function name (or, when another tool's canonical
  // or wire name took that, the next name it owns); its other names refer to that member: the
  // same type in half the tokens, and the short name keeps the references short.
  const home = model.operations.map((op, index) =>
    [op.functionName, descriptors.tools[index]!.wireName, op.toolName].find((name) => owners.get(name) === index),
  );
  const lines = [...owners].map(([name, index]) => {
    const type = home[index] === name ? toolType(model.operations[index]!, descriptors.tools[index]!) : code`ToolTypes[${stringLiteral(home[index]!)}]`;
    return code`  ${propertyKey(name)}: ${type};`;
  });
  return code`/**
 * What \`toolkit.call(name, args)\` takes and returns for each tool name it resolves (canonical,
 * wire and function name): \`args\` the tool's input as a model may send it (\`undefined\` among
 * them when it may be left out), \`result\` the operation's output (a streaming-only tool's items,
 * collected), and \`item\`, for a tool that streams, what \`toolkit.stream(name, args)\` yields.
 */
export interface ToolTypes {${lines.length > 0 ? code`\n${joinCode(lines, "\n")}\n` : code``}}`;
}

/**
 * One tool's `{ args; result }`. The arguments are what the tool's `parameters` accept, which is
 * the function's input minus what the app or the toolkit supplies: header and cookie parameters
 * the model does not see, credentials, and `x-ebagent-fixed-value` fields (`call` rejects those as
 * unknown arguments, so they are left out of the type too). Where the body is an open map (an
 * index signature), `Omit` keeps only the index signature: such arguments are typed loosely, and
 * `call` still checks them.
 */
function toolType(op: OperationModel, tool: ToolDescriptor): Code {
  const T = identifier(op.typeName);
  const visible = tool.parameters.properties;
  const hidden = [...new Set([...op.parameters.map((p) => p.key), ...Object.keys(tool.fixed ?? {})])].filter((key) => !Object.hasOwn(visible, key));
  let args = code`${T}Input`;
  // `Omit` of every key would leave `{}`, which admits any object: a tool without arguments says so.
  if (op.inputless || (hidden.length > 0 && Object.keys(visible).length === 0 && tool.parameters.additionalProperties === false)) args = code`Record<string, never>`;
  else if (hidden.length > 0) args = code`Omit<${T}Input, ${joinCode(hidden.map(stringLiteral), " | ")}>`;
  const optional = (tool.parameters.required ?? []).length === 0;
  const argsType = code`${args}${optional ? code` | undefined` : code``}`;
  if (op.stream === undefined) return code`{ args: ${argsType}; result: ${T}Output }`;
  // `call` collects a stream-only tool's items; `stream` reads any streaming tool's items.
  const result = op.responseKind === "stream" ? code`${T}Item[]` : code`${T}Output`;
  return code`{ args: ${argsType}; result: ${result}; item: ${T}Item }`;
}
