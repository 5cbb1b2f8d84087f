import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * `npm run test:quick`, the inner loop: the unit-level folders without the files that compile
 * generated code with tsc, sweep the corpus or read thousands of files. `npm test` runs them all.
 * (Not mergeConfig: it would add these globs to the base's instead of replacing them.)
 */
export default defineConfig({
  test: {
    ...base.test,
    include: ["test/{diff,runtime,model,load,config,layout}/**/*.test.ts"],
    exclude: [
      "node_modules/**",
      "test/diff/corpus-specs.test.ts",
      "test/load/load-description.test.ts",
      "test/load/swagger2-{corpus,calls}.test.ts",
      "test/model/parameters.test.ts",
      "test/model/request-body.test.ts",
      "test/model/types-document/{discriminator-all-of-parts,object-type-enum,path-parameter-refs}.test.ts",
      "test/model/tool-schema/{corpus,output-schema}.test.ts",
      "test/runtime/auth.test.ts",
      "test/runtime/files/{model-files,reference-fixtures}.test.ts",
      "test/runtime/adapters/provider-types.test.ts",
      "test/config/load-config.test.ts",
    ],
  },
});
