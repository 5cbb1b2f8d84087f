import { describe, expect, test } from "vitest";
import { camelIdentifier, isIdentifier, pascalIdentifier } from "../../src/model/identifier.js";
import { NameRegistry } from "../../src/model/name-registry.js";
import { fallbackFunctionName } from "../../src/model/build-model.js";

describe("camelIdentifier", () => {
  const cases: [string, string][] = [
    ["getUser", "getUser"],
    ["get_user", "getUser"],
    ["GetUser", "getUser"],
    ["repos/get-content", "reposGetContent"],
    ["auth.set", "authSet"],
    ["getHTTPResponse", "getHttpResponse"],
    ["v2Users", "v2Users"],
    ["400", "_400"],
    ["2fa-enable", "_2faEnable"],
    ["delete", "delete_"],
    ["import", "import_"],
    ["constructor", "constructor_"],
    ["__proto__", "proto"],
    ["获取单词", "获取单词"],
    ["addWord获取", "addWord获取"],
    ["café-au-lait", "caféAuLait"],
    ["a b\u2028c", "aBC"],
  ];
  test.each(cases)("%s -> %s", (input, want) => {
    const got = camelIdentifier(input);
    expect(got).toBe(want);
    expect(isIdentifier(got!)).toBe(true);
  });

  test("text without a usable character has no identifier", () => {
    expect(camelIdentifier("---")).toBeUndefined();
    expect(camelIdentifier("")).toBeUndefined();
  });

  test("PascalCase for type stems", () => {
    expect(pascalIdentifier("repos/get-content")).toBe("ReposGetContent");
    expect(pascalIdentifier("delete")).toBe("Delete");
  });
});

describe("NameRegistry", () => {
  test("first holder keeps the name; later ones get the smallest free suffix, case-insensitively", () => {
    const names = new NameRegistry(["toolkit"]);
    expect(names.claim("getUser")).toBe("getUser");
    expect(names.claim("getUser")).toBe("getUser2");
    expect(names.claim("GetUser")).toBe("GetUser3");
    expect(names.claim("toolkit")).toBe("toolkit2");
  });
});

describe("fallbackFunctionName", () => {
  test("method and path segments, path parameters as By<Name>", () => {
    expect(fallbackFunctionName("get", "/users/{id}/posts")).toBe("getUsersByIdPosts");
    expect(fallbackFunctionName("post", "/")).toBe("post");
    expect(fallbackFunctionName("delete", "/odata/Items('{key}')")).toBe("deleteOdataItemsKey");
  });
});
