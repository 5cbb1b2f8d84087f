/**
 * The kill soak's accounting (bench/kb-kill-soak/ledger.mjs): what it must call a loss and what it
 * must let pass, so that a soak that finds nothing means the service lost nothing.
 */
import { expect, it } from "vitest";
import { ABSENT, Ledger } from "../../bench/kb-kill-soak/ledger.mjs";

it("an acknowledged add that is absent after the restart is a loss", () => {
  const ledger = new Ledger();
  ledger.acknowledged("a", "v1");
  expect(ledger.check("a", ABSENT)).toMatchObject({
    id: "a",
    observed: ABSENT,
    possible: ["v1"],
  });
});

it("an acknowledged delete that is still there, or an acknowledged replace showing the old content, is a loss", () => {
  const ledger = new Ledger();
  ledger.acknowledged("a", "v1");
  ledger.acknowledged("b", "v1");
  expect(ledger.check("a", "v1")).toBeUndefined();
  expect(ledger.check("b", "v1")).toBeUndefined();
  ledger.acknowledged("a", ABSENT);
  ledger.acknowledged("b", "v2");
  expect(ledger.check("a", "v1")).toBeDefined();
  expect(ledger.check("b", "v1")).toBeDefined();
});

it("an unanswered write may or may not have happened, but cannot undo an acknowledged one before it", () => {
  const ledger = new Ledger();
  ledger.acknowledged("a", "v1");
  ledger.unanswered("a", ABSENT);
  expect([...ledger.possible("a")]).toEqual(["v1", ABSENT]);
  expect(ledger.check("a", ABSENT)).toBeUndefined();

  ledger.acknowledged("b", "v1");
  ledger.unanswered("b", "v2");
  expect(ledger.check("b", "v2")).toBeUndefined();
  expect(ledger.unansweredCommitted).toBe(1);

  ledger.acknowledged("c", "v1");
  ledger.unanswered("c", "v2");
  expect(ledger.check("c", ABSENT)).toBeDefined(); // nothing deleted c
});

it("a later acknowledged write supersedes an earlier one, and a state never written is a loss too", () => {
  const ledger = new Ledger();
  ledger.acknowledged("a", "v1");
  ledger.acknowledged("a", ABSENT);
  expect(ledger.check("a", ABSENT)).toBeUndefined();
  expect(ledger.superseded).toBe(1);
  expect(ledger.checked).toBe(1);
  expect(ledger.check("a", "v9")).toBeDefined();
});

it("the state observed at a check is the only one possible afterwards", () => {
  const ledger = new Ledger();
  ledger.unanswered("a", "v1");
  expect(ledger.check("a", "v1")).toBeUndefined();
  expect(ledger.known("a")).toBe("v1");
  expect(ledger.check("a", ABSENT)).toBeDefined();
});

it("counts the documents an unanswered write changed after their last acknowledged one (what ignoring unanswered writes would call lost)", () => {
  const ledger = new Ledger();
  ledger.acknowledged("a", "v1");
  ledger.unanswered("a", ABSENT);
  ledger.acknowledged("b", "v1");
  ledger.unanswered("b", "v2");
  ledger.acknowledged("c", "v1");
  ledger.unanswered("c", ABSENT);
  expect(ledger.check("a", ABSENT)).toBeUndefined();
  expect(ledger.check("b", "v2")).toBeUndefined();
  expect(ledger.check("c", "v1")).toBeUndefined();
  expect(ledger.changedByUnanswered).toEqual({ all: 2, absent: 1 });
});
