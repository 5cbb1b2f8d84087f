// One protocol request over HTTP, sorted by what the answer tells about the write:
// "acknowledged" (HTTP 200 with errorCode 0: committed), "refused" (an answer with an error: as a
// rule not stored, but a 503 during a commit may have stored it, so the ledger counts it as
// unanswered) or "unanswered" (no answer: the connection was reset or refused by the kill).
import { request } from "node:http";

/** Resolves to `{ answer: "acknowledged", result } | { answer: "refused", detail } | { answer: "unanswered", detail }`. */
export function postJson(agent, baseUrl, token, path, body, timeoutMs = 60_000) {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = request(
      new URL(path, baseUrl),
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": payload.length,
          Authorization: `token ${token}`,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("error", (error) => resolve({ answer: "unanswered", detail: String(error) }));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (!res.complete) return resolve({ answer: "unanswered", detail: "answer cut off" });
          let envelope;
          try {
            envelope = JSON.parse(text);
          } catch {
            return resolve({
              answer: "refused",
              detail: `HTTP ${res.statusCode}: ${text.slice(0, 200)}`,
            });
          }
          if (res.statusCode === 200 && envelope.errorCode === 0) resolve({ answer: "acknowledged", result: envelope.result });
          else
            resolve({
              answer: "refused",
              detail: `HTTP ${res.statusCode} errorCode ${envelope.errorCode}: ${envelope.errorMsg}`,
            });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (error) =>
      resolve({
        answer: "unanswered",
        detail: String(error.code ?? error.message),
      }),
    );
    req.end(payload);
  });
}
