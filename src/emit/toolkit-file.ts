/**
 * `toolkit.ts`: every operation as a tool for a language model and `createClient`, which binds
 * call options to every function. The descriptors (names, description, `parameters` and
 * `responses` JSON Schemas, examples) are computed here at build time by the model stage and
 * written as plain data, so importing the module converts nothing and compiles nothing.
 *
 * Every export carries an explicit type (isolatedDeclarations: `--emit js` derives `.d.ts` file by
 * file). Data is written by ts-text.ts's `literal()`: strings JSON-escaped, keys quoted unless
 * plain identifiers, and a `__proto__` key written as a computed key so it stays an own property.
 *
 * Large toolkits: past LITERAL_LIMIT bytes, every tool's data (names, description,
 * schemas, examples) is written as one JSON text read with `JSON.parse` when the module loads,
 * instead of object literals, and `run` is looked up by function name. On GitHub's description
 * (1,223 tools, 3.6 MB of schemas) schema literals cost tsc about 4 s of checking and `--emit js`
 * about 3.8 s of transpiling, and the 1,223 typed tool constants another ~1 s of the app's tsc;
 * the JSON text costs neither, and V8 reads JSON text faster than the same object literal. The
 * data is the same precomputed descriptors either way; nothing is derived from the description
 * at run time.
 *
 * `toolkit` is typed by `ToolTypes` (tool-types.ts) with its type arguments written out: inferring
 * them from the declared type made the app's `tsc` relate the two (~560 more instantiations on
 * GitHub's description).
 */
import type { ToolkitDescriptors } from "../model/tool-schema/tool-descriptors.js";
import type { ToolkitModel } from "../model/toolkit-model.js";
import type { ToolDescriptor, ToolExample } from "../runtime/toolkit.js";
import { code, identifier, joinCode, lineComment, literal, objectKey, propertyKey, singleQuotedLiteral, stringLiteral, type Code } from "./ts-text.js";

/** Bytes of tool data (as JSON) above which it is written as JSON text rather than literals. */
export const LITERAL_LIMIT = 256 * 1024;

export function emitToolkitFile(model: ToolkitModel, descriptors: ToolkitDescriptors, runtimeImport: string, header: Code): Code {
  const names = model.operations.map((op) => identifier(op.functionName));

  const dataJson = JSON.stringify(toolData(model, descriptors));
  const asJson = dataJson.length > LITERAL_LIMIT;

  // A conversation calling several tools is written once and shared by reference.
  const exampleIds = new Map<ToolExample, Code>();
  const exampleConsts: Code[] = [];
  const exampleRef = (example: ToolExample): Code => {
    let id = exampleIds.get(example);
    if (id === undefined) {
      id = code`example${exampleIds.size}`;
      exampleIds.set(example, id);
      exampleConsts.push(code`const ${id}: ToolEntry["examples"][number] = ${literal(example)};`);
    }
    return id;
  };

  const entries = asJson ? [] : model.operations.map((op, index) => {
    const d: ToolDescriptor = descriptors.tools[index]!;
    const fields = [
      code`name: ${stringLiteral(d.name)}`,
      code`wireName: ${stringLiteral(d.wireName)}`,
      code`functionName: ${stringLiteral(op.functionName)}`,
      code`description: ${stringLiteral(d.description)}`,
      code`method: ${stringLiteral(d.method)}`,
      code`path: ${stringLiteral(d.path)}`,
      ...(d.deprecated ? [code`deprecated: true`] : []),
      code`inputless: ${op.inputless}`,
      code`parameters: ${schemaLiteral(d.parameters)}`,
      ...(d.responses !== undefined ? [code`responses: ${schemaLiteral(d.responses)}`] : []),
      code`examples: [${joinCode(d.examples.map(exampleRef), ", ")}]`,
      ...(d.fixed !== undefined ? [code`fixed: ${literal(d.fixed)}`] : []),
      ...(d.prompt !== undefined ? [code`prompt: ${stringLiteral(d.prompt)}`] : []),
      ...(d.files !== undefined ? [code`files: ${literal(d.files)}`] : []),
      ...(d.stream !== undefined ? [code`stream: ${stringLiteral(d.stream)}`] : []),
      ...(d.streamItems !== undefined ? [code`streamItems: ${schemaLiteral(d.streamItems)}`] : []),
      ...(d.mcpAnnotations !== undefined ? [code`mcpAnnotations: ${literal(d.mcpAnnotations)}`] : []),
      code`run: ops.${identifier(op.functionName)}`,
    ];
    // One typed constant per tool: an array literal of 1,000 differently shaped objects makes tsc
    // build their union type (TS2590 on the GitHub description); typed constants check one by one.
    return code`const tool${index}: ToolEntry = {\n${joinCode(fields.map((f) => code`  ${f},`), "\n")}\n};`;
  });
  const negative = asJson ? [] : descriptors.examples.map(exampleRef);
  const inputless = model.operations.filter((op) => op.inputless).map((op) => stringLiteral(op.functionName));
  // `Toolkit` only types the large form's table; an unused import would fail `noUnusedLocals`.
  const runtimeTypes = asJson ? code`type CallOptions, type Toolkit, type ToolEntry, type TypedToolkit` : code`type CallOptions, type ToolEntry, type TypedToolkit`;

  const notes = descriptors.warnings.map((w) => code`${lineComment(w)}\n`);
  return code`${header}
${joinCode(notes, "")}import { bindCallOptions, createToolkit, ${runtimeTypes} } from ${stringLiteral(runtimeImport)};
import * as ops from "./operations.js";
import type { Credentials } from "./client.js";
${exampleConsts.length > 0 ? code`\n// Few-shot conversations from examples.yaml, each kept whole.\n${joinCode(exampleConsts, "\n")}\n` : code``}${asJson ? toolTable(dataJson) : code`\n${joinCode(entries, "\n")}`}

/**
 * Every operation as a tool for a language model: canonical and provider-safe names, description,
 * JSON Schemas of arguments and answer, examples; \`call(name, args)\` validates a model's arguments
 * and runs the operation. With a literal tool name, \`call\` takes that tool's input and resolves to
 * its output (\`ToolTypes\`); with a name known only at run time, any arguments and \`unknown\`.
 */
export const toolkit: TypedToolkit<Credentials, ops.ToolTypes> = createToolkit<Credentials, ops.ToolTypes>({
  title: ${stringLiteral(model.title)},
  version: ${stringLiteral(model.version)},
  tools: ${asJson ? code`D.tools.map((tool) => ({ ...tool, run: operations[tool.functionName]! }))` : code`[${joinCode(model.operations.map((_, i) => code`tool${i}`), ", ")}]`},
  examples: ${asJson ? code`D.examples` : code`[${joinCode(negative, ", ")}]`},
});

/** All operations of this toolkit as methods. */
export type Client = {${names.length ? code`\n${joinCode(names.map((n) => code`  ${propertyKey(n)}: typeof ops.${n};`), "\n")}\n` : code``}};

${asJson ? code`` : code`const functions: Client = {${names.length ? code`\n${joinCode(names.map((n) => code`  ${objectKey(n)}: ops.${n},`), "\n")}\n` : code``}};

`}/** The operations bound to options of their own (another base address, token, headers, fetch). */
export function createClient(options: CallOptions<Credentials>): Client {
${asJson ? code`  // The same functions as \`operations\`: tsc need not relate 1,000 signatures to bindCallOptions' constraint.
  return bindCallOptions(operations, new Set<string>([${joinCode(inputless, ", ")}]), options) as unknown as Client;` : code`  return bindCallOptions(functions, new Set<string>([${joinCode(inputless, ", ")}]), options);`}
}
`;
}

/**
 * A JSON Schema as a literal typed from its own text (\`as const\`). Without it, TypeScript types
 * the schema of a property named \`constructor\`, \`toString\`, \`valueOf\`… through the
 * \`Object.prototype\` member of that name instead of \`JsonSchema\`, widens \`type: "number"\` to
 * \`string\`, and the assignment to \`ToolEntry\` fails (TS2322).
 */
function schemaLiteral(schema: unknown): Code {
  return code`${literal(schema)} as const`;
}

/** Every tool's data but its function, and the toolkit's negative examples: the large form's JSON. */
function toolData(model: ToolkitModel, descriptors: ToolkitDescriptors) {
  const tools = model.operations.map((op, index) => {
    const d = descriptors.tools[index]!;
    return {
      name: d.name,
      wireName: d.wireName,
      functionName: op.functionName,
      description: d.description,
      method: d.method,
      path: d.path,
      ...(d.deprecated ? { deprecated: true } : {}),
      inputless: op.inputless,
      parameters: d.parameters,
      ...(d.responses !== undefined ? { responses: d.responses } : {}),
      examples: d.examples,
      ...(d.fixed !== undefined ? { fixed: d.fixed } : {}),
      ...(d.prompt !== undefined ? { prompt: d.prompt } : {}),
      ...(d.files !== undefined ? { files: d.files } : {}),
      ...(d.stream !== undefined ? { stream: d.stream } : {}),
      ...(d.streamItems !== undefined ? { streamItems: d.streamItems } : {}),
      ...(d.mcpAnnotations !== undefined ? { mcpAnnotations: d.mcpAnnotations } : {}),
    };
  });
  return { tools, examples: descriptors.examples };
}

/**
 * The large-toolkit form: every tool's data (names, description, schemas, examples) in one JSON
 * text, and each tool's `run` looked up by its function name (see the file comment).
 */
function toolTable(json: string): Code {
  return code`
// The tools' data (${Number((json.length / 1e6).toFixed(1))} MB: names, descriptions, JSON Schemas, examples), precomputed by
// toolgen. Written as JSON text because it is large: V8 reads JSON faster than object literals,
// and tsc need not check 1,000 literals against ToolEntry (~1 s on GitHub's description).
const D: { readonly tools: readonly Omit<ToolEntry, "run">[]; readonly examples: Toolkit["examples"] } = JSON.parse(${singleQuotedLiteral(json)});
// By name, without making tsc compare every operation's signature with ToolEntry["run"].
const operations = ops as unknown as Readonly<Record<string, ToolEntry["run"]>>;
`;
}
