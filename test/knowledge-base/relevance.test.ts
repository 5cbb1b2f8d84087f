/**
 * Relevance, measured: the real service over HTTP, the judged set in
 * relevance/ (see judge.ts), nDCG@10 and recall@10 overall and per language, each of which must
 * stay within TOLERANCE of the figure recorded for the backend in relevance/recorded.json.
 *
 * Every backend with an entry in recorded.json is measured. After a deliberate ranking change,
 * measure again and record the new figures (rounded down to 3 decimals); to see each query's
 * ranking, run with RELEVANCE_REPORT=<directory>, which receives <backend>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startKnowledgeBaseService, type KnowledgeBaseService } from "../../src/knowledge-base/service/index.js";
import { BACKENDS } from "./backends.js";
import { floor3, measureRelevance, recordedFigures, TOLERANCE, worstQueries, type Figures, type RelevanceResult } from "./relevance/judge.js";

// The score index answers as SQLite does, so SQLite's figures are its figures.
const MEASURED = BACKENDS.filter((backend) => recordedFigures(backend.kind) !== undefined);

const CHECKS: readonly { scope: "overall" | "en" | "zh"; metric: keyof Figures }[] = (["overall", "en", "zh"] as const).flatMap((scope) =>
  (["ndcg10", "recall10"] as const).map((metric) => ({ scope, metric })),
);

describe.each(MEASURED)("relevance on $name", (backend) => {
  const recorded = recordedFigures(backend.kind)!;
  let service: KnowledgeBaseService | undefined;
  let result: RelevanceResult;
  let readded: RelevanceResult;

  beforeAll(async () => {
    await backend.setUp();
    service = await startKnowledgeBaseService({ ...(await backend.place()), tokens: [] });
    result = await measureRelevance(service.url);
    readded = await measureRelevance(service.url, undefined, 4);
    const reportDir = process.env.RELEVANCE_REPORT;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, `${backend.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
    }
  });

  afterAll(async () => {
    await service?.close();
    await backend.tearDown();
  });

  // Users sync their documents again and again: replacing a document by itself must not move
  // anything (SQLite's BM25 counted each replaced copy before schema 4: nDCG@10 0.918 → 0.914).
  it("ranks every query the same after each document was added three more times", () => {
    expect(readded.perQuery.map((outcome) => [outcome.id, ...outcome.ranked])).toEqual(result.perQuery.map((outcome) => [outcome.id, ...outcome.ranked]));
  });

  it.each(CHECKS)("$scope $metric is at least the recorded figure minus the tolerance", ({ scope, metric }) => {
    const measured = scope === "overall" ? result[metric] : result.byLang[scope][metric];
    const expected = scope === "overall" ? recorded[metric] : recorded[scope][metric];
    const worst = worstQueries(result, 8)
      .map((outcome) => `${outcome.id} ${JSON.stringify(outcome.query)}: nDCG ${floor3(outcome.ndcg10)}, recall ${floor3(outcome.recall10)}`)
      .join("\n  ");
    expect(measured, `${backend.name} ${scope} ${metric} ${floor3(measured)} (recorded ${expected}); worst queries:\n  ${worst}`).toBeGreaterThanOrEqual(
      expected - TOLERANCE,
    );
  });
});
