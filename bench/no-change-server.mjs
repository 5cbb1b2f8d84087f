// The tool server of bench/no-change.mjs's remote rows, run as its child: serves one file at
// /.well-known/openapi.json with a strong ETag and answers If-None-Match with 304, as the tool
// manager does. Tells the parent its URL, and on "count" how many 304s it has sent.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.argv[2]);
const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
let notModified = 0;
const server = createServer((req, res) => {
  if (req.url !== "/.well-known/openapi.json") return void res.writeHead(404).end();
  if (req.headers["if-none-match"] === etag) {
    notModified++;
    return void res.writeHead(304, { etag }).end();
  }
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length, etag });
  res.end(req.method === "HEAD" ? undefined : body);
});
server.listen(0, "127.0.0.1", () => process.send({ url: `http://127.0.0.1:${server.address().port}/.well-known/openapi.json` }));
process.on("message", (message) => {
  if (message === "count") process.send({ notModified });
});
process.on("disconnect", () => process.exit(0));
