/**
 * Against the reference's golden output (expected__reference_function_call_schemas.json): the
 * same tool names and, for every tool, the same property names, types and descriptions in
 * `parameters` and `responses`, at every level. Each place where toolgen differs on purpose is
 * listed in INTENTIONAL below (and in docs/llm-tools.md); any other difference fails.
 * `required`, formats, bounds, defaults and enums are not compared: toolgen keeps what the
 * description says where the reference dropped or re-derived it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { JsonSchema } from "../../../src/runtime/validation/json-schema.js";
import { CORPUS } from "../../support/output-dir.js";
import { descriptorsOfFile } from "./support.js";

const ERNIE = join(CORPUS, "ernie");
interface RefSchema {
  type?: string;
  description?: string;
  properties?: Record<string, RefSchema>;
  items?: RefSchema;
}
interface RefTool {
  tool_name: string;
  function_call_schema: { name: string; description?: string; parameters: RefSchema; responses?: RefSchema };
}
const golden = JSON.parse(readFileSync(join(ERNIE, "expected__reference_function_call_schemas.json"), "utf8")) as Record<string, { tools?: RefTool[] }>;

/**
 * Differences on purpose, as `<fixture> <tool> <where>: <what>`. Where the reference crashed or
 * dropped something, toolgen keeps the description's meaning.
 */
const OCR_OPTIONAL_BODY = [
  // The OCR body is optional (no `required: true`) but its schema requires `image`: flat, "no body"
  // and "a body without image" could not be told apart, so toolgen passes it whole as `body`.
  "高精度通用OCR/v1.0/OCR parameters.image: only the reference has it",
  "高精度通用OCR/v1.0/OCR parameters.language_type: only the reference has it",
  "高精度通用OCR/v1.0/OCR parameters.body: only toolgen has it",
];
/** What a file field's description gains: the model passes and gets file ids, never base64 (model/tool-schema/file-notes.ts). */
const FILE_IN = "(a file id, file-local-…, from an earlier tool result or the user; the tool is sent the file's content)";
const FILE_OUT = "(a file id, file-local-…: the application keeps the file; pass the id on to other tools or to the user)";
const fileNote = (where: string, reference: string, note: string) => `title/v1/${where}.description: reference ${JSON.stringify(reference)}, toolgen ${JSON.stringify(`${reference} ${note}`)}`;
const INTENTIONAL: Record<string, string[]> = {
  "openapis__file.yaml": [
    fileNote("file_v2 responses.file", "file-content", FILE_OUT),
    fileNote("file_v3 responses.file.file", "file-value", FILE_OUT),
    fileNote("file_v4 responses.file[].file", "file-content", FILE_OUT),
    fileNote("file_v5 responses.file.file[].file", "file-content", FILE_OUT),
    fileNote("file_v6 responses.first_file", "string", FILE_OUT),
    fileNote("file_v6 responses.second_file", "string", FILE_OUT),
    fileNote("file_v7 parameters.first_file", "string", FILE_IN),
    fileNote("file_v7 responses.second_file", "string", FILE_OUT),
  ],
  "tools__enum_openapi.yaml": OCR_OPTIONAL_BODY,
  "tools__empty_object_openapi.yaml": OCR_OPTIONAL_BODY,
  // Query parameters are arguments (the reference ignored every parameter). This one is the
  // bogus `__tool__` FastAPI leaked into the reference's own tool server description.
  "generated__toolmanager_openapi__intended.json": [
    "erniebot-agent-tools/0.0/CurrentTimeTool parameters.__tool__: only toolgen has it",
    "erniebot-agent-tools/0.0/CalculatorTool parameters.__tool__: only toolgen has it",
  ],
};

function compare(ref: RefSchema | undefined, ours: JsonSchema | undefined, where: string, out: string[]): void {
  if (ref === undefined || ours === undefined) {
    if (ref !== undefined || ours !== undefined) out.push(`${where}: ${ref === undefined ? "only toolgen has it" : "only the reference has it"}`);
    return;
  }
  const ourTypes = ours.type === undefined ? [] : typeof ours.type === "string" ? [ours.type] : ours.type.filter((t) => t !== "null");
  if (ref.type !== undefined && !(ourTypes.length === 1 && ourTypes[0] === ref.type)) out.push(`${where}.type: reference ${ref.type}, toolgen ${JSON.stringify(ours.type)}`);
  // The reference drops a schema's own description (root, items); it writes "" for a property without one.
  if (ref.description !== undefined && ref.description !== (ours.description ?? "")) out.push(`${where}.description: reference ${JSON.stringify(ref.description)}, toolgen ${JSON.stringify(ours.description)}`);
  const refProps = ref.properties ?? {};
  const ourProps = ours.properties ?? {};
  for (const name of new Set([...Object.keys(refProps), ...Object.keys(ourProps)])) compare(refProps[name], ourProps[name], `${where}.${name}`, out);
  if (ref.items !== undefined || (ours.items !== undefined && ref.type === "array")) compare(ref.items, ours.items, `${where}[]`, out);
}

const fixtures = Object.entries(golden).filter(([, v]) => Array.isArray(v.tools));

test("the golden file covers the reference's fixtures", () => expect(fixtures.length).toBeGreaterThanOrEqual(12));

describe.each(fixtures)("%s", (file, expected) => {
  test("same names; same property names, types and descriptions", async () => {
    const { tools } = await descriptorsOfFile(join(ERNIE, file));
    const refTools = expected.tools!;
    expect(tools.map((t) => t.name).sort()).toEqual(refTools.map((t) => t.tool_name).sort());
    const differences: string[] = [];
    for (const refTool of refTools) {
      const ours = tools.find((t) => t.name === refTool.tool_name)!;
      const schema = refTool.function_call_schema;
      if (schema.description !== undefined && schema.description !== ours.description) {
        differences.push(`${ours.name} description: reference ${JSON.stringify(schema.description)}, toolgen ${JSON.stringify(ours.description)}`);
      }
      compare(schema.parameters, ours.parameters, `${ours.name} parameters`, differences);
      compare(schema.responses, ours.responses, `${ours.name} responses`, differences);
    }
    expect(differences).toEqual(INTENTIONAL[file] ?? []);
  });
});
