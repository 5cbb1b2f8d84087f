/** Wire names: provider-valid, deterministic, collision-free (research §4.2). */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { assignWireNames, WIRE_NAME_PATTERN, wireNameOf } from "../../../src/model/tool-schema/wire-names.js";

const request = (title: string, version: string, toolId: string) => ({ title, version, toolId, name: `${title}/${version}/${toolId}` });

describe("wire names", () => {
  test.each([
    ["单词本", "v1", "getWordbook", "xfbe7be__v1__getWordbook"],
    ["text-moderation", "v1.2", "text_moderation", "text-moderation__v1_2__text_moderation"],
    ["erniebot-agent-tools", "0.0", "CurrentTimeTool", "erniebot-agent-tools__0_0__CurrentTimeTool"],
    ["GitHub v3 REST API", "1.1.4", "repos/get-content", "GitHub_v3_REST_API__1_1_4__repos_get-content"],
    ["123-tools", "2", "do", "t123-tools__2__do"],
  ])("%s / %s / %s -> %s", (title, version, op, expected) => {
    expect(wireNameOf(request(title, version, op))).toBe(expected);
  });

  test("an empty version has no segment: Title//op -> Title__op", () => {
    expect(wireNameOf(request("countries", "", "getCountries"))).toBe("countries__getCountries");
    expect(assignWireNames([request("T", "", "a"), request("T", "", "b")])).toEqual(["T__a", "T__b"]);
  });

  test("a mostly non-ASCII segment keeps its ASCII and gets a hash", () => {
    expect(wireNameOf(request("高精度通用OCR", "v1.0", "OCR"))).toMatch(/^OCR_x[0-9a-f]{6}__v1_0__OCR$/);
  });

  test("too long: the version goes first, then the title shrinks, the operationId stays whole", () => {
    const long = request("My Extremely Verbose Enterprise Tool Server", "2024.11.05", "createUserSubscriptionPaymentMethodWithDefaults");
    const name = wireNameOf(long);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(/^My_Extre[A-Za-z_]*__createUserSubscriptionPaymentMethodWithDefaults_[0-9a-f]{6}$/);
    const huge = wireNameOf(request("T", "1", "x".repeat(40) + "y".repeat(40)));
    expect(huge.length).toBeLessThanOrEqual(64);
    expect(huge).toMatch(/^x+__y+_[0-9a-f]{6}$/);
  });

  test("collisions after sanitising: the first keeps its name, later ones get a hash; order decides", () => {
    const names = assignWireNames([request("T", "1", "a/b"), request("T", "1", "a_b"), request("T", "1", "a.b")]);
    expect(names[0]).toBe("T__1__a_b");
    expect(new Set(names).size).toBe(3);
    expect(assignWireNames([request("T", "1", "a/b"), request("T", "1", "a_b"), request("T", "1", "a.b")])).toEqual(names);
  });

  test("a lower maximum length is honoured", () => {
    const [name] = assignWireNames([request("A rather long title", "v1", "someOperation")], 30);
    expect(name!.length).toBeLessThanOrEqual(30);
    expect(name).toMatch(WIRE_NAME_PATTERN);
  });

  test("property: any title, version and operationId give valid, distinct names", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string(), fc.string({ minLength: 1 })), { minLength: 1, maxLength: 30 }), (triples) => {
        const requests = triples.map(([t, v, o]) => request(t, v, o));
        const names = assignWireNames(requests);
        for (const name of names) expect(name).toMatch(WIRE_NAME_PATTERN);
        expect(new Set(names).size).toBe(names.length);
      }),
      { numRuns: 300 },
    );
  });
});
