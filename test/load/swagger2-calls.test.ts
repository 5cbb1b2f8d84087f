/**
 * Real Swagger 2.0 descriptions, converted on load, make clients that call the way the 2.0
 * description says: generated from ../shared/corpus/swagger2, imported, and called against a
 * loopback server that records each request as it arrived (method, path, query, headers, raw body).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { CORPUS, freshOutputDir } from "../support/output-dir.js";

const SWAGGER2 = join(CORPUS, "swagger2");

interface Arrived {
  method: string;
  path: string;
  query: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

let server: Server;
let baseUrl: string;
const arrived: Arrived[] = [];

/** The one request the call made. */
function lastRequest(): Arrived {
  expect(arrived).toHaveLength(1);
  return arrived.pop()!;
}

function queryOf(request: Arrived): URLSearchParams {
  return new URLSearchParams(request.query);
}

// The generated modules are untyped here: they are imported as JavaScript (--emit js).
type Generated = Record<string, (input?: Record<string, unknown>) => Promise<unknown>> & {
  client: { baseUrl: string };
  configure(options: { baseUrl: string }): void;
};

async function generate(name: string, entry: string, ...flags: string[]): Promise<Generated> {
  const out = freshOutputDir(`swagger2-calls/${name}`);
  const errors: string[] = [];
  const io = { stdout: () => {}, stderr: (line: string) => errors.push(line), exitCode: () => {} };
  const code = await main([join(SWAGGER2, name, entry), "--out", out, "--emit", "js", "--no-format", ...flags], io);
  expect(errors.filter((line) => !/warning:|^(fetch|parse|model|emit|format|write):/.test(line.replace(/^toolgen: /, "")))).toEqual([]);
  expect(code).toBe(0);
  return (await import(pathToFileURL(join(out, "index.js")).href)) as Generated;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      arrived.push({ method: req.method ?? "", path: url.pathname, query: url.search.slice(1), headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("petstore-v2 (swagger-codegen's petstore.json)", () => {
  let pets: Generated;
  beforeAll(async () => {
    pets = await generate("petstore-v2", "petstore.json");
    // host + basePath became servers[0].url, and so the client's default address.
    expect(pets.client.baseUrl).toBe("http://petstore.swagger.io/v2");
    pets.configure({ baseUrl: `${baseUrl}/v2` });
  });

  test("collectionFormat: multi repeats the query parameter; version goes last", async () => {
    await pets.findPetsByStatus!({ status: ["available", "sold"] });
    const request = lastRequest();
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/v2/pet/findByStatus");
    expect(request.query).toBe("status=available&status=sold&version=1.0.0");
  });

  test("an in: body parameter is the JSON body", async () => {
    const pet = { id: 7, name: "doggie", photoUrls: ["https://example.com/d.png"], tags: [{ id: 1, name: "t" }], status: "available" };
    await pets.addPet!({ body: pet });
    const request = lastRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v2/pet");
    expect(request.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(request.body.toString("utf8"))).toEqual(pet);
  });

  test("in: formData with consumes application/x-www-form-urlencoded is a urlencoded body; the path parameter stays in the path", async () => {
    await pets.updatePetWithForm!({ petId: "7", name: "Rex", status: "sold out" });
    const request = lastRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v2/pet/7");
    expect(request.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(request.body.toString("utf8")))).toEqual({ name: "Rex", status: "sold out" });
  });

  test("an in: header parameter is a request header", async () => {
    await pets.deletePet!({ petId: 7, api_key: "secret-key" });
    const request = lastRequest();
    expect(request.method).toBe("DELETE");
    expect(request.path).toBe("/v2/pet/7");
    expect(request.headers.api_key).toBe("secret-key");
  });

  test("in: formData with type: file and consumes multipart/form-data is a multipart body with a file part", async () => {
    await pets.uploadFile!({ petId: 7, additionalMetadata: "front view", file: new Blob(["PNG bytes"], { type: "image/png" }) });
    const request = lastRequest();
    expect(request.path).toBe("/v2/pet/7/uploadImage");
    expect(request.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(request.body), { headers: { "content-type": request.headers["content-type"]! } }).formData();
    expect(form.get("additionalMetadata")).toBe("front view");
    const file = form.get("file");
    expect(file).toBeInstanceOf(Blob);
    expect(await (file as Blob).text()).toBe("PNG bytes");
  });
});

describe("azure-storage-arm (98 files: common-types, a sibling privatelinks.json, x-ms-examples)", () => {
  let storage: Generated;
  beforeAll(async () => {
    // common-types sit five folders up, outside the description's folder.
    storage = await generate("azure-storage-arm", "storage/resource-manager/Microsoft.Storage/stable/2023-05-01/storage.json", "--allow-external-refs");
    expect(storage.client.baseUrl).toBe("https://management.azure.com");
    storage.configure({ baseUrl });
  });

  test("path and query parameters defined in other files (common-types v5 subscriptionId, api-version)", async () => {
    await storage.storageAccountsGetProperties!({ subscriptionId: "sub-1", resourceGroupName: "rg 1", accountName: "acct1", "api-version": "2023-05-01", $expand: "geoReplicationStats" });
    const request = lastRequest();
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/subscriptions/sub-1/resourceGroups/rg%201/providers/Microsoft.Storage/storageAccounts/acct1");
    const query = queryOf(request);
    expect(query.get("api-version")).toBe("2023-05-01");
    expect(query.get("$expand")).toBe("geoReplicationStats");
    expect([...query.keys()].at(-1)).toBe("version");
  });

  test("a body parameter whose schema lives in the same file, sent as JSON", async () => {
    const account = { sku: { name: "Standard_LRS" }, kind: "StorageV2", location: "westeurope", tags: { team: "a" } };
    await storage.storageAccountsCreate!({ subscriptionId: "s", resourceGroupName: "rg", accountName: "acct1", "api-version": "2023-05-01", ...account });
    const request = lastRequest();
    expect(request.method).toBe("PUT");
    expect(request.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(request.body.toString("utf8"))).toEqual(account);
  });
});

describe("azure-blob-storage (every operation under x-ms-paths)", () => {
  let blob: Generated;
  beforeAll(async () => {
    blob = await generate("azure-blob-storage", "blob.json");
    blob.configure({ baseUrl: `${baseUrl}/account` });
  });

  test("the fixed query part of an x-ms-paths key is sent once, before the call's own query", async () => {
    await blob.containerGetProperties!({ containerName: "photos", "x-ms-version": "2024-08-04", timeout: 30 });
    const request = lastRequest();
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/account/photos");
    expect(request.query).toBe("restype=container&timeout=30&version=2024-08-04");
    expect(request.headers["x-ms-version"]).toBe("2024-08-04");
  });

  test("two fixed query parameters, and an operation on the same path told apart by them", async () => {
    await blob.containerSetMetadata!({ containerName: "photos", "x-ms-version": "2024-08-04", "x-ms-meta": "a=b" });
    const request = lastRequest();
    expect(request.method).toBe("PUT");
    expect(queryOf(request).getAll("restype")).toEqual(["container"]);
    expect(queryOf(request).getAll("comp")).toEqual(["metadata"]);
    expect(request.headers["x-ms-meta"]).toBe("a=b");
  });
});

describe("azure-computervision (collectionFormat: csv)", () => {
  test("a csv array is one comma-separated query value; the body parameter's object is the JSON body", async () => {
    const vision = await generate("azure-computervision", "ComputerVision.json");
    vision.configure({ baseUrl });
    await vision.analyzeImage!({ visualFeatures: ["Categories", "Tags"], language: "en", url: "https://example.com/cat.jpg" });
    const request = lastRequest();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/analyze");
    expect(queryOf(request).get("visualFeatures")).toBe("Categories,Tags");
    expect(request.query).toBe("visualFeatures=Categories,Tags&language=en&version=3.2");
    expect(JSON.parse(request.body.toString("utf8"))).toEqual({ url: "https://example.com/cat.jpg" });
  });
});
