/**
 * A loopback tool server whose description uses every parameter location and body encoding, and
 * whose operations echo what arrived, so tests can check the generated client end to end.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const ECHO_DESCRIPTION = `openapi: 3.0.3
info:
  title: Echo
  version: "2024-01 beta"
servers:
  - url: http://127.0.0.1:1
paths:
  /items/{itemId}/notes/{noteKey}:
    parameters:
      - name: itemId
        in: path
        required: true
        schema: { type: integer }
    get:
      operationId: get-item.note
      summary: Read one note of an item
      parameters:
        - name: noteKey
          in: path
          required: true
          description: Any text; slashes and spaces are escaped.
          schema: { type: string }
        - name: tags
          in: query
          schema: { type: array, items: { type: string } }
        - name: ids
          in: query
          style: form
          explode: false
          schema: { type: array, items: { type: integer } }
        - name: filter
          in: query
          style: deepObject
          schema:
            type: object
            properties:
              status: { type: string, enum: [open, closed] }
              owner: { type: object, properties: { name: { type: string } } }
        - name: pipes
          in: query
          style: pipeDelimited
          schema: { type: array, items: { type: string } }
        - name: X-Trace-Id
          in: header
          schema: { type: string }
        - name: session
          in: cookie
          schema: { type: string }
        - name: itemId
          in: query
          description: Collides with the path parameter of the same name.
          schema: { type: string }
      responses:
        "200":
          description: What the server received.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Echo" }
  /items:
    post:
      operationId: createItem
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/NewItem" }
      responses:
        "201":
          description: Created.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Echo" }
  /forms:
    post:
      operationId: submitForm
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: [name]
              properties:
                name: { type: string }
                metadata: { type: object, additionalProperties: { type: string } }
                expand: { type: array, items: { type: string } }
      responses:
        "200":
          description: Echo.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Echo" }
  /uploads:
    post:
      operationId: upload
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [file]
              properties:
                file: { type: string, format: binary }
                meta: { type: object, properties: { label: { type: string } } }
      responses:
        "200":
          description: Echo.
          content:
            application/json:
              schema: { $ref: "#/components/schemas/Echo" }
  /batch:
    put:
      operationId: replaceBatch
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: array
              items: { $ref: "#/components/schemas/NewItem" }
      responses:
        "204":
          description: Replaced, nothing to say.
  /missing:
    get:
      operationId: alwaysMissing
      responses:
        "200":
          description: Never happens.
          content:
            application/json:
              schema: { type: object }
        "404":
          description: Always.
  /slow:
    get:
      operationId: slow
      responses:
        "200":
          description: Answers after 5 s.
  /hangup:
    get:
      operationId: hangUp
      responses:
        "200":
          description: Closes the connection instead.
  /text:
    get:
      responses:
        "200":
          description: Plain text; no operationId, so the reference's fallback names it.
          content:
            text/plain:
              schema: { type: string }
components:
  schemas:
    NewItem:
      type: object
      required: [name]
      properties:
        name: { type: string }
        price: { type: number, nullable: true }
        tags: { type: array, items: { type: string } }
    Echo:
      type: object
      required: [method, path, query, headers]
      properties:
        method: { type: string }
        path: { type: string }
        query: { type: string }
        headers: { type: object, additionalProperties: { type: string } }
        body: {}
`;

export interface EchoServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = req.url ?? "/";
  const [path = "/", query = ""] = raw.split("?");
  if (path === "/.well-known/openapi.yaml") return void res.writeHead(200, { "content-type": "text/yaml" }).end(ECHO_DESCRIPTION);
  if (path.startsWith("/.well-known/")) return void res.writeHead(404).end();
  if (path === "/missing") return json(res, 404, { error: "not here" });
  if (path === "/slow") return void setTimeout(() => json(res, 200, {}), 5_000).unref();
  if (path === "/hangup") return void req.socket.destroy();
  if (path === "/text") return void res.writeHead(200, { "content-type": "text/plain" }).end("plain words");
  if (path === "/batch") return void res.writeHead(204).end();
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const bodyBytes = Buffer.concat(chunks);
  const contentType = req.headers["content-type"] ?? "";
  let body: unknown = bodyBytes.length ? bodyBytes.toString("utf8") : undefined;
  if (contentType.startsWith("application/json")) body = JSON.parse(bodyBytes.toString("utf8"));
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Request("http://x/", { method: "POST", headers: { "content-type": contentType }, body: bodyBytes }).formData();
    const parts: Record<string, unknown> = {};
    for (const [name, value] of form) {
      // defineProperty: a part named __proto__ is data too.
      const part = typeof value === "string" ? value : { filename: value.name, type: value.type, text: await value.text() };
      Object.defineProperty(parts, name, { value: part, enumerable: true, writable: true, configurable: true });
    }
    body = parts;
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
  json(res, path === "/items" ? 201 : 200, { method: req.method, path, query, headers, body });
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}
