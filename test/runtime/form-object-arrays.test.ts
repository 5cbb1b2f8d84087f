/**
 * An exploded form-style object parameter with an array member (heyapi's `Pageable`: page, size,
 * sort[]) repeats the member's key, `sort=a&sort=b`, which is how Spring and Prism read it; an
 * object member (heyapi's ComplexTypes) uses the bracket convention, `first[second]=x`. OpenAPI
 * 3.0 §4.7.12.4 only shows scalar members; JSON text (the old output) is read by nobody.
 */
import { describe, expect, test } from "vitest";
import { encodeStrict, serializeStyled } from "../../src/runtime/serialize-value.js";

describe("form, explode: an object's array and object members", () => {
  test("repeats the member's key, one pair per item", () => {
    expect(serializeStyled("parameter", { page: 0, size: 20, sort: ["name,asc", "id"] }, "form", true, encodeStrict)).toBe(
      "page=0&size=20&sort=name%2Casc&sort=id",
    );
  });

  test("an empty array sends nothing for that member; scalar members are unchanged", () => {
    expect(serializeStyled("p", { a: [], b: "x" }, "form", true, encodeStrict)).toBe("b=x");
  });

  test("an object member uses brackets, nested as deep as it goes", () => {
    expect(serializeStyled("parameterObject", { first: { second: { third: "a b" } }, n: 1 }, "form", true, encodeStrict)).toBe(
      "first[second][third]=a%20b&n=1",
    );
  });
});
