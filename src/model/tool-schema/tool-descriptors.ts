/**
 * model -> tool descriptors: for every operation the data a language model is given (names,
 * description, `parameters`, `responses`, examples), computed once at build time. The generator
 * writes the result into the generated `toolkit.ts` as literals; `loadToolkit` calls the same
 * function at run time, so both produce identical descriptors.
 */
import type { ToolDescriptor, ToolExample } from "../../runtime/toolkit.js";
import { attachExamples } from "../examples/attach-examples.js";
import { parseExamples } from "../examples/parse-examples.js";
import { wireMethod } from "../operation-methods.js";
import type { ToolkitModel } from "../toolkit-model.js";
import type { SchemaBudget } from "./convert.js";
import { toolDescriptionOf } from "./description.js";
import { fileAnswers, markFileAnswers } from "./file-answers.js";
import { fileArguments } from "./file-arguments.js";
import { inputSchemaOf } from "./input-schema.js";
import { mcpAnnotationsOf } from "./mcp-annotations.js";
import { outputSchemaOf, promptOf, streamItemsSchema, type ResponseSchemas } from "./output-schema.js";
import { assignWireNames, DEFAULT_WIRE_NAME_LENGTH } from "./wire-names.js";

/**
 * Budgets (see docs/llm-tools.md for how they were chosen on the GitHub description). Inputs are
 * kept deep because they are validated and must show the model everything it may send; outputs
 * only tell the model what comes back, so they stop at three levels.
 */
export const PARAMETERS_BUDGET: SchemaBudget = { maxDepth: 10, maxNodes: 1500 };
export const RESPONSES_BUDGET: SchemaBudget = { maxDepth: 2, maxNodes: 60 };

export interface DescriptorOptions {
  readonly parametersBudget?: SchemaBudget;
  readonly responsesBudget?: SchemaBudget;
  /** Longest wire name (8..64, default 64); lower it for clients that prefix names. */
  readonly wireNameMaxLength?: number;
}

export interface ToolkitDescriptors {
  /** Parallel to `model.operations`. */
  readonly tools: readonly ToolDescriptor[];
  /** examples.yaml conversations that call no tool. */
  readonly examples: readonly ToolExample[];
  /** What was left out, for the user (examples calling operations the description lacks). */
  readonly warnings: readonly string[];
}

export function buildToolDescriptors(model: ToolkitModel, options: DescriptorOptions = {}): ToolkitDescriptors {
  const { document, operations } = model;
  const wireNames = assignWireNames(
    operations.map((op) => ({ title: model.title, version: model.version, toolId: op.toolId, name: op.toolName })),
    options.wireNameMaxLength ?? DEFAULT_WIRE_NAME_LENGTH,
  );
  const examplesWhere = examplesLocation(model.source.documentUrl);
  const attached = attachExamples(
    parseExamples(model.examples, examplesWhere),
    operations.map((op) => ({ ...(op.operationId !== undefined ? { operationId: op.operationId } : {}), toolId: op.toolId, toolName: op.toolName })),
    examplesWhere,
  );
  const responseSchemas: ResponseSchemas = new Map();
  const warnings = [...attached.warnings];
  const tools = operations.map((op, index): ToolDescriptor => {
    const input = inputSchemaOf(op, document, options.parametersBudget ?? PARAMETERS_BUDGET);
    const fileInput = fileArguments(op, input.schema);
    const fileOutput = fileAnswers(op, document);
    const responses = markFileAnswers(outputSchemaOf(op, document, options.responsesBudget ?? RESPONSES_BUDGET, responseSchemas), fileOutput);
    const prompt = promptOf(op, document);
    const mcpAnnotations = mcpAnnotationsOf(op, document, (w) => warnings.push(w));
    return {
      name: op.toolName,
      wireName: wireNames[index]!,
      description: toolDescriptionOf(op),
      method: wireMethod(op.method),
      path: op.path,
      ...(op.deprecated ? { deprecated: true } : {}),
      parameters: fileInput.parameters,
      ...(responses !== undefined ? { responses } : {}),
      examples: attached.perTool[index] ?? [],
      ...(input.fixed !== undefined ? { fixed: input.fixed } : {}),
      ...(prompt !== undefined ? { prompt } : {}),
      ...(op.stream !== undefined ? { stream: op.responseKind === "stream" ? ("only" as const) : ("also" as const) } : {}),
      ...(op.stream !== undefined && op.responseKind !== "stream" ? { streamItems: streamItemsSchema(op.stream, document, options.responsesBudget ?? RESPONSES_BUDGET) } : {}),
      ...(fileInput.fields.length > 0 || fileOutput.length > 0
        ? { files: { ...(fileInput.fields.length > 0 ? { input: fileInput.fields } : {}), ...(fileOutput.length > 0 ? { output: fileOutput } : {}) } }
        : {}),
      ...(mcpAnnotations !== undefined ? { mcpAnnotations } : {}),
    };
  });
  return { tools, examples: attached.negative, warnings };
}

function examplesLocation(documentUrl: string): string {
  try {
    return new URL("examples.yaml", documentUrl).href;
  } catch {
    return "examples.yaml";
  }
}
