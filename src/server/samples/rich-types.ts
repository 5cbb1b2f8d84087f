/**
 * A second sample with richer types: nested objects, arrays of objects and of strings, enums,
 * optional, defaulted and nullable fields, integers, numbers and booleans; one tool written with
 * plain JSON Schema (typed through `jsonSchema<T>`), and one without input.
 */
import { z } from "zod";
import { defineTool, jsonSchema } from "../define-tool.js";

const LineItem = z.object({
  sku: z.string().describe("Stock keeping unit."),
  quantity: z.number().int().min(1).describe("How many."),
  unitPrice: z.number().min(0).describe("Price of one, in euros."),
});

export const createOrder = defineTool({
  name: "CreateOrder",
  description: "Creates an order and returns it with its computed total.",
  input: z.object({
    customer: z
      .object({
        name: z.string().describe("Full name."),
        email: z.string().email().nullable().describe("Contact address, or null when unknown."),
      })
      .describe("Who orders."),
    items: z.array(LineItem).min(1).describe("What is ordered."),
    priority: z.enum(["low", "normal", "high"]).describe("How urgent the order is."),
    giftWrap: z.boolean().optional().describe("Wrap the parcel as a gift."),
    tags: z.array(z.string()).default([]).describe("Labels for the order; none when left out."),
    note: z.string().nullable().optional().describe("A note for the courier."),
  }),
  output: z.object({
    id: z.string().describe("Order id."),
    total: z.number().describe("Sum of all items, in euros."),
    itemCount: z.number().int().describe("Number of units ordered."),
    priority: z.enum(["low", "normal", "high"]).describe("As requested."),
    giftWrap: z.boolean().describe("Whether the parcel is gift-wrapped."),
    tags: z.array(z.string()).describe("The labels, sorted."),
    note: z.string().nullable().describe("The courier note, or null."),
    customer: z.object({ name: z.string().describe("Full name."), email: z.string().nullable().describe("Contact address.") }).describe("Who ordered."),
  }),
  run: (input) => ({
    id: `order-${input.items.map((i) => i.sku).join("-")}`,
    total: Math.round(input.items.reduce((sum, i) => sum + i.quantity * i.unitPrice, 0) * 100) / 100,
    itemCount: input.items.reduce((sum, i) => sum + i.quantity, 0),
    priority: input.priority,
    giftWrap: input.giftWrap ?? false,
    tags: [...input.tags].sort(),
    note: input.note ?? null,
    customer: { name: input.customer.name, email: input.customer.email },
  }),
});

/** The same kind of tool written with plain JSON Schema instead of zod. */
export const convertTemperature = defineTool({
  name: "ConvertTemperature",
  description: "Converts a temperature from Celsius to Fahrenheit.",
  input: jsonSchema<{ celsius: number; precision?: number }>({
    type: "object",
    required: ["celsius"],
    properties: {
      celsius: { type: "number", description: "Degrees Celsius." },
      precision: { type: "integer", minimum: 0, maximum: 6, description: "Decimal places to keep." },
    },
    additionalProperties: false,
  }),
  output: jsonSchema<{ fahrenheit: number; freezing: boolean }>({
    type: "object",
    required: ["fahrenheit", "freezing"],
    properties: {
      fahrenheit: { type: "number", description: "Degrees Fahrenheit." },
      freezing: { type: "boolean", description: "Whether water freezes at this temperature." },
    },
  }),
  run: ({ celsius, precision = 1 }) => ({
    fahrenheit: Number((celsius * 1.8 + 32).toFixed(precision)),
    freezing: celsius <= 0,
  }),
});

export const ping = defineTool({
  name: "Ping",
  description: "Answers pong; a tool without input.",
  output: z.object({ pong: z.literal(true).describe("Always true.") }),
  run: () => ({ pong: true as const }),
});

export const richTypeTools = [createOrder, convertTemperature, ping];
export const RICH_NAMESPACE = "Shop";
export const RICH_VERSION = "2024-06";
