// The app both type-check benchmarks compile (bench/generate.mjs, bench/app-typecheck.mjs): the
// same three calls (GET, POST, PATCH) of GitHub's API written against openapi-fetch and against
// toolgen's output, with the same compiler options; app-typecheck.mjs also makes them through
// toolgen's typed `toolkit.call`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export const tsconfig = (extra = {}) =>
  JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], types: [], skipLibCheck: true, ...extra },
    include: ["*.ts"],
  });

/** Beside openapi-typescript's `schema.ts` in `dir`. */
export function writeOpenapiFetchApp(dir) {
  writeFileSync(join(dir, "app.ts"), `import createClient from "openapi-fetch";
import type { paths } from "./schema.js";
const client = createClient<paths>({ baseUrl: "https://api.github.com" });
const repo = await client.GET("/repos/{owner}/{repo}", { params: { path: { owner: "o", repo: "r" } } });
const issue = await client.POST("/repos/{owner}/{repo}/issues", { params: { path: { owner: "o", repo: "r" } }, body: { title: "t" } });
const pull = await client.PATCH("/repos/{owner}/{repo}/pulls/{pull_number}", { params: { path: { owner: "o", repo: "r", pull_number: 1 } }, body: { title: "t" } });
export const names: (string | undefined)[] = [repo.data?.full_name, issue.data?.title, pull.data?.title];
`);
  writeFileSync(join(dir, "tsconfig.json"), tsconfig());
}

/** In toolgen's output folder `dir` (`--emit ts` or `js`). */
export function writeToolgenApp(dir) {
  writeFileSync(join(dir, "app.ts"), `import { issuesCreate, pullsUpdate, reposGet } from "./index.js";
const repo = await reposGet({ owner: "o", repo: "r" });
const issue = await issuesCreate({ owner: "o", repo: "r", title: "t" });
const pull = await pullsUpdate({ owner: "o", repo: "r", pull_number: 1, title: "t" });
export const names: (string | undefined)[] = [repo.full_name, issue.title, pull.title];
`);
  writeFileSync(join(dir, "tsconfig.json"), tsconfig());
}

/**
 * The same three calls through `toolkit.call` with literal tool names, in toolgen's
 * output folder `dir`; `prefix` is the tool names' `<title>/<version>`.
 */
export function writeToolkitCallApp(dir, prefix) {
  const name = (operationId) => JSON.stringify(`${prefix}/${operationId}`);
  writeFileSync(join(dir, "app.ts"), `import { toolkit } from "./index.js";
const repo = await toolkit.call(${name("repos/get")}, { owner: "o", repo: "r" });
const issue = await toolkit.call(${name("issues/create")}, { owner: "o", repo: "r", title: "t" });
const pull = await toolkit.call(${name("pulls/update")}, { owner: "o", repo: "r", pull_number: 1, title: "t" });
export const names: (string | undefined)[] = [repo.full_name, issue.title, pull.title];
`);
  writeFileSync(join(dir, "tsconfig.json"), tsconfig());
}
