// The lint `npm test` runs. typescript-eslint's recommended rules without type information:
// they catch real mistakes (unused code, unsafe patterns) in a few seconds, where the
// type-checked set would take longer than the compiler and mostly repeat what `tsc --strict`
// (already part of `npm test`) reports.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["dist/", "generated-examples/", ".test-output/", ".demo-output/", "bench/.out/", "test/scratch/", "**/fixtures/", "node_modules/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", Buffer: "readonly", fetch: "readonly", performance: "readonly", AbortController: "readonly", TextDecoder: "readonly", TextEncoder: "readonly", Response: "readonly", Request: "readonly", Headers: "readonly", AbortSignal: "readonly", structuredClone: "readonly", setImmediate: "readonly", queueMicrotask: "readonly", Blob: "readonly", FormData: "readonly", URLSearchParams: "readonly", ReadableStream: "readonly", DOMException: "readonly", setInterval: "readonly", clearInterval: "readonly", globalThis: "readonly" },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Tests assert on ANSI escapes and poke at values of any shape.
    files: ["test/**"],
    rules: { "no-control-regex": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The header of every inlined runtime file: its @ts-nocheck is the point (see the file).
    files: ["templates/inline-runtime-header.ts"],
    rules: { "@typescript-eslint/ban-ts-comment": "off" },
  },
);
