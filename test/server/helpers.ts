/** Shared by the tool-manager tests: a real OpenAPI validator, and raw HTTP for what fetch hides. */
import { request, type IncomingHttpHeaders } from "node:http";
import { BaseResolver, createConfig, lintDocument, makeDocumentFromString } from "@redocly/openapi-core";

/**
 * Redocly's `recommended` rules, which include `struct`: the OpenAPI 3.0 structure itself (an
 * unknown keyword, `type: [x, "null"]` or a numeric `exclusiveMinimum` in a 3.0 schema is an
 * error). Two rules stay off, each for a reason src/server/README.md gives: `info-license` (a `license`
 * key in `info` crashes the reference client) and nothing else. Returns "severity rule: message @ where".
 */
export async function lintDescription(text: string, ruleset: "minimal" | "recommended" | "recommended-strict" = "recommended"): Promise<string[]> {
  const config = await createConfig({ extends: [ruleset], rules: { "info-license": "off" } });
  const problems = await lintDocument({
    document: makeDocumentFromString(text, "/openapi.yaml"),
    config: config.styleguide,
    externalRefResolver: new BaseResolver(),
  });
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ""}`);
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * One request written by hand: chunked bodies, `Expect: 100-continue`, a declared length, or a
 * client that goes away. `chunks` are written one after another; `abortAfter` destroys the
 * request after that many chunks.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string | number>; chunks?: readonly (string | Buffer)[]; abortAfter?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: options.method ?? "POST", headers: options.headers ?? {}, agent: false }, (res) => {
      answered = true; // stop writing: the server has decided
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunks = options.chunks ?? [];
    let i = 0;
    const next = () => {
      if (answered) return;
      if (options.abortAfter !== undefined && i === options.abortAfter) {
        req.destroy();
        resolve({ status: 0, headers: {}, body: "" });
        return;
      }
      if (i === chunks.length) return void req.end();
      const ok = req.write(chunks[i++]!);
      if (ok) setImmediate(next);
      else req.once("drain", next);
    };
    if (options.headers?.expect === "100-continue") req.on("continue", next);
    else next();
  });
}
