/**
 * A loopback tool server (127.0.0.1, port 0) that exchanges files every way the model path
 * handles them. Two sets of routes:
 *
 * - `/ref/file_v1` … `/ref/file_v8`, `/plain|nest|nestlist/text2image` and `/pyyaml/get_file`:
 *   the answers the reference's own fixtures describe (../shared/corpus/ernie/openapis__file.yaml
 *   and tests_test_file_in_tool__*.yaml, read at test time and loaded with `baseUrl` pointing
 *   here), so the reference's file tests can be replayed over real HTTP.
 * - toolgen's own description (FILES_DESCRIPTION, served at /.well-known/openapi.yaml): a
 *   multipart upload, raw binary bodies, JSON with byte/binary fields at depth, downloads with and
 *   without Content-Disposition, base64 answer fields (data URLs, invalid base64).
 *
 * Every request is recorded (`requests`), so tests can check what arrived and that a refused
 * call sent nothing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Bytes of a 1x1 PNG: what the fixtures' base64 fields carry. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
/** A second image, so tests can tell which field became which file. */
export const PNG2 = Buffer.concat([PNG, Buffer.from("second")]);
export const PDF = Buffer.from("%PDF-1.4\n% toolgen test\n1 0 obj << >> endobj\n%%EOF\n");

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: Buffer;
}

export interface FileToolServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export const FILES_DESCRIPTION = (url: string) => `openapi: 3.0.3
info:
  title: Files
  version: v1
servers:
  - url: ${url}
paths:
  /upload:
    post:
      operationId: upload
      description: Uploads a document and its pages.
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [document]
              properties:
                document: { type: string, format: binary, description: The document. }
                pages: { type: array, items: { type: string, format: binary } }
                label: { type: string }
      responses:
        "200": { description: The parts received., content: { application/json: { schema: { $ref: "#/components/schemas/Parts" } } } }
  /raw/{name}:
    put:
      operationId: putRaw
      parameters:
        - { name: name, in: path, required: true, schema: { type: string } }
      requestBody:
        required: true
        content:
          application/octet-stream:
            schema: { type: string, format: binary }
      responses:
        "200": { description: What arrived., content: { application/json: { schema: { $ref: "#/components/schemas/Raw" } } } }
  /image:
    post:
      operationId: postImage
      requestBody:
        required: true
        content:
          image/*: {}
      responses:
        "200": { description: What arrived., content: { application/json: { schema: { $ref: "#/components/schemas/Raw" } } } }
  /encode:
    post:
      operationId: encode
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [image]
              properties:
                image: { type: string, format: byte, description: The picture. }
                doc: { type: string, format: binary }
                note: { type: string }
                nested:
                  type: object
                  properties:
                    files: { type: array, items: { type: string, format: byte } }
                    byName: { type: object, additionalProperties: { type: string, format: byte } }
      responses:
        "200": { description: The JSON received., content: { application/json: { schema: { type: object, additionalProperties: true } } } }
  /download/{kind}:
    get:
      operationId: download
      parameters:
        - { name: kind, in: path, required: true, schema: { type: string, enum: [pdf, csv, png, inline, json, big] } }
      responses:
        "200":
          description: A file.
          content:
            application/pdf: { schema: { type: string, format: binary } }
            text/csv: { schema: { type: string } }
            image/png: { schema: { type: string, format: binary } }
            text/plain: { schema: { type: string } }
            application/json: { schema: { type: object } }
  /b64:
    post:
      operationId: b64
      responses:
        "200":
          description: Files as base64 fields.
          content:
            application/json:
              schema:
                type: object
                properties:
                  picture: { type: string, format: byte, x-ebagent-file-mime-type: image/png, description: The picture. }
                  dataUrl: { type: string, format: byte, x-ebagent-file-mime-type: application/octet-stream }
                  notBase64: { type: string, format: byte, x-ebagent-file-mime-type: image/png }
                  plain: { type: string, format: byte }
                  huge: { type: string, format: byte, x-ebagent-file-mime-type: application/octet-stream }
components:
  schemas:
    Parts:
      type: object
      properties:
        parts:
          type: array
          items:
            type: object
            properties:
              name: { type: string }
              filename: { type: string }
              type: { type: string }
              base64: { type: string }
              text: { type: string }
    Raw:
      type: object
      properties:
        contentType: { type: string }
        base64: { type: string }
`;

export async function startFileToolServer(): Promise<FileToolServer> {
  const requests: RecordedRequest[] = [];
  let url = "";
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const recorded = { method: req.method ?? "", path, headers: req.headers, body: Buffer.concat(chunks) };
      if (path !== "/.well-known/openapi.yaml" && path !== "/.well-known/examples.yaml") requests.push(recorded);
      answer(recorded, res, url).catch((error: unknown) => json(res, 500, { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

function send(res: ServerResponse, type: string, body: Buffer | string, headers: Record<string, string> = {}): void {
  res.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body), ...headers }).end(body);
}

const b64 = (bytes: Buffer) => bytes.toString("base64");

async function answer(req: RecordedRequest, res: ServerResponse, url: string): Promise<void> {
  const { path } = req;
  if (path === "/.well-known/openapi.yaml") return send(res, "application/yaml", FILES_DESCRIPTION(url));
  if (path === "/.well-known/examples.yaml") return json(res, 404, { error: "none" });

  // The reference's file.yaml: each answer shaped as the schema of the same name says.
  const reference: Record<string, () => unknown> = {
    "/ref/file_v1": () => ({ file: [b64(PNG), b64(PNG2)], not_file_field: "kept" }),
    "/ref/file_v2": () => ({ file: b64(PNG) }),
    "/ref/file_v3": () => ({ file: { file: b64(PNG) } }),
    "/ref/file_v4": () => ({ file: [{ file: b64(PNG), not_file_field: "a" }, { file: b64(PNG2), not_file_field: "b" }] }),
    "/ref/file_v5": () => ({ file: { file: [{ file: b64(PNG), not_file_field: "c" }] } }),
    "/ref/file_v6": () => ({ first_file: b64(PNG), second_file: b64(PNG2), unknown_field: "passes through" }),
    // The reference's v7 test: the file that came in goes back out under another name.
    "/ref/file_v7": () => ({ second_file: (JSON.parse(req.body.toString("utf8")) as { first_file: string }).first_file }),
    "/ref/file_v8": () => ({}),
    "/plain/text2image": () => ({ error_code: 0, b64_img: b64(PNG) }),
    "/nest/text2image": () => ({ error_code: 0, image: { b64_img: b64(PNG) } }),
    "/nestlist/text2image": () => ({ error_code: 0, data: [{ b64_img: b64(PNG) }, { b64_img: b64(PNG2) }] }),
  };
  if (Object.hasOwn(reference, path)) return json(res, 200, reference[path]!());
  // FastAPI's FileResponse, as the reference's getFile test server answers.
  if (path === "/pyyaml/get_file") return send(res, "application/octet-stream", PDF, { "content-disposition": 'attachment; filename="file.npy"' });

  if (path === "/upload") {
    const form = await new Response(new Uint8Array(req.body), { headers: { "content-type": req.headers["content-type"] ?? "" } }).formData();
    const parts = [];
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") parts.push({ name, text: value });
      else parts.push({ name, filename: value.name, type: value.type, base64: b64(Buffer.from(await value.arrayBuffer())) });
    }
    return json(res, 200, { parts });
  }
  if (path.startsWith("/raw/") || path === "/image") return json(res, 200, { contentType: req.headers["content-type"], base64: b64(req.body) });
  if (path === "/encode") return json(res, 200, JSON.parse(req.body.toString("utf8")));
  if (path === "/b64") {
    return json(res, 200, { picture: b64(PNG), dataUrl: `data:image/png;base64,${b64(PNG2)}`, notBase64: "not base64!", plain: b64(PNG), huge: b64(Buffer.alloc(64 * 1024, 7)) });
  }
  if (path.startsWith("/download/")) {
    switch (path.slice("/download/".length)) {
      case "pdf":
        return send(res, "application/pdf", PDF, { "content-disposition": "attachment; filename=\"resume.pdf\"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf" });
      case "csv":
        return send(res, "text/csv; charset=utf-8", "word,count\nhello,1\n", { "content-disposition": 'attachment; filename="../../words.csv"' });
      case "png":
        return send(res, "image/png", PNG);
      case "inline":
        return send(res, "text/plain; charset=utf-8", "just text", { "content-disposition": "inline" });
      case "json":
        return send(res, "application/json", '{"a":1}', { "content-disposition": 'attachment; filename="data.json"' });
      case "big":
        return send(res, "application/octet-stream", Buffer.alloc(64 * 1024, 1), { "content-disposition": 'attachment; filename="big.bin"' });
    }
  }
  return json(res, 404, { error: `no route ${req.method} ${path}` });
}
