/** The relevance metrics on hand-computed cases, and the judged set's own consistency. */
import { describe, expect, it } from "vitest";
import { floor3, loadDocuments, loadQueries, ndcgAt, recallAt, recordedFigures } from "./judge.js";

describe("ndcgAt", () => {
  it("is 1 for the ideal order and less when grades are swapped", () => {
    expect(ndcgAt(10, ["a", "b", "x"], { a: 2, b: 1 })).toBe(1);
    // DCG = (2^1-1)/log2(2) + (2^2-1)/log2(3) = 1 + 3/1.58496 = 2.89279
    // IDCG = 3/log2(2) + 1/log2(3) = 3 + 0.63093 = 3.63093
    expect(ndcgAt(10, ["b", "a"], { a: 2, b: 1 })).toBeCloseTo(0.79671, 5);
  });

  it("discounts by log2(rank + 1)", () => {
    // The only relevant document at rank 3: (2^2-1)/log2(4) = 1.5 over an ideal of 3.
    expect(ndcgAt(10, ["x", "y", "a"], { a: 2 })).toBe(0.5);
    // Rank 2 of a grade-1 document alone: 1/log2(3) over 1.
    expect(ndcgAt(10, ["x", "a"], { a: 1 })).toBeCloseTo(0.63093, 5);
  });

  it("ignores results after rank k and takes the ideal from the first k judgments only", () => {
    expect(ndcgAt(2, ["x", "y", "a"], { a: 2 })).toBe(0);
    // Three grade-2 documents, k = 1: the ideal is one document, and a hit at rank 1 reaches it.
    expect(ndcgAt(1, ["a", "b"], { a: 2, b: 2, c: 2 })).toBe(1);
    expect(ndcgAt(1, ["x", "a"], { a: 2, b: 2, c: 2 })).toBe(0);
  });

  it("credits a repeated document once and treats grade 0 as not relevant", () => {
    expect(ndcgAt(10, ["a", "a", "b"], { a: 2, b: 1 })).toBe(1);
    // [a, b] with a graded 0: 3/log2(3) over an ideal of 3.
    expect(ndcgAt(10, ["a", "b"], { a: 0, b: 2 })).toBeCloseTo(0.63093, 5);
  });

  it("is 0 with no relevant judgments or no results, and never reads inherited keys", () => {
    expect(ndcgAt(10, ["a"], {})).toBe(0);
    expect(ndcgAt(10, [], { a: 2 })).toBe(0);
    expect(ndcgAt(10, ["constructor", "toString"], { a: 1 })).toBe(0);
  });

  it("refuses a k that is not a positive integer", () => {
    expect(() => ndcgAt(0, ["a"], { a: 2 })).toThrow(RangeError);
    expect(() => recallAt(1.5, ["a"], { a: 2 })).toThrow(RangeError);
  });
});

describe("recallAt", () => {
  it("counts judged-relevant documents of any grade in the first k", () => {
    const relevant = { a: 2, b: 1, c: 1 };
    expect(recallAt(3, ["a", "x", "c"], relevant)).toBeCloseTo(2 / 3, 10);
    expect(recallAt(1, ["a", "x", "c"], relevant)).toBeCloseTo(1 / 3, 10);
    expect(recallAt(10, ["c", "b", "a"], relevant)).toBe(1);
    expect(recallAt(10, ["x", "y"], relevant)).toBe(0);
  });

  it("ignores grade-0 judgments, repeats and inherited keys", () => {
    expect(recallAt(10, ["b"], { a: 0, b: 1 })).toBe(1);
    expect(recallAt(2, ["a", "a", "b"], { a: 2, b: 1 })).toBe(1);
    expect(recallAt(10, ["constructor"], { a: 2 })).toBe(0);
    expect(recallAt(10, ["a"], {})).toBe(0);
  });
});

describe("floor3", () => {
  it("rounds down to 3 decimals", () => {
    expect(floor3(0.81299)).toBe(0.812);
    expect(floor3(0.7)).toBe(0.7);
    expect(floor3(1)).toBe(1);
  });
});

describe("the judged set", () => {
  const documents = loadDocuments();
  const queries = loadQueries();
  const ids = new Set(documents.map((document) => document.id));

  it("has about 200 documents, half of them in each language, with unique ids", () => {
    expect(ids.size).toBe(documents.length);
    expect(documents.length).toBeGreaterThanOrEqual(150);
    expect(documents.length).toBeLessThanOrEqual(250);
    for (const lang of ["en", "zh"] as const) {
      const share = documents.filter((document) => document.metadata.lang === lang).length / documents.length;
      expect(share).toBeGreaterThan(0.4);
      for (const document of documents.filter((d) => d.metadata.lang === lang)) expect(document.id.startsWith(`${lang}-`)).toBe(true);
    }
  });

  it("has at least 30 queries per language, each with a grade-2 document of its own language", () => {
    expect(new Set(queries.map((query) => query.id)).size).toBe(queries.length);
    for (const lang of ["en", "zh"] as const) expect(queries.filter((query) => query.lang === lang).length).toBeGreaterThanOrEqual(30);
    for (const query of queries) {
      const judged = Object.entries(query.relevant);
      expect(judged.some(([, grade]) => grade === 2), query.id).toBe(true);
      for (const [id, grade] of judged) {
        expect(ids.has(id), `${query.id} judges unknown ${id}`).toBe(true);
        expect([1, 2], `${query.id}: ${id}`).toContain(grade);
        expect(id.startsWith(`${query.lang}-`), `${query.id} judges ${id} of the other language`).toBe(true);
      }
    }
  });

  it("has recorded figures for sqlite", () => {
    const sqlite = recordedFigures("sqlite");
    expect(sqlite).toBeDefined();
    expect(recordedFigures("no-such-backend")).toBeUndefined();
  });
});
