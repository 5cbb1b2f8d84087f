/**
 * `/.well-known/examples.yaml` in the reference's format, which its client probes with HEAD and
 * turns into few-shot messages:
 *
 *   examples:
 *     - context:
 *         - { role: user, content: "..." }
 *         - { role: bot, plugin: { operationId, thoughts, requestArguments } }
 *
 * One context per example. `thoughts` is always written (the reference reads it without a
 * default) and `requestArguments` is always an object, `{}` for a tool without input (an empty
 * value there became the string "null" in the reference, which its own parser then refused).
 */
import type { AnyTool } from "./define-tool.js";
import { toYaml } from "./yaml-text.js";

/** The document, or `undefined` when no tool has examples (the server then answers 404). */
export function examplesYaml(tools: readonly AnyTool[]): string | undefined {
  const examples = tools.flatMap((tool) =>
    (tool.examples ?? []).map((example) => ({
      context: [
        { role: "user", content: example.user },
        {
          role: "bot",
          plugin: {
            operationId: tool.name,
            thoughts: example.thoughts ?? `The user asks for what ${tool.name} does.`,
            requestArguments: example.arguments ?? {},
          },
        },
      ],
    })),
  );
  if (examples.length === 0) return undefined;
  return toYaml({ version: "0.0.1", examples });
}
