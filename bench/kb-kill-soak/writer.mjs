// One of the soak's writers: sends adds (new documents or replacements) and deletes of its own
// documents, one request at a time, until the round stops it or the kill cuts a request off, and
// enters every answer in the ledger.
import { ABSENT } from "./ledger.mjs";
import { postJson } from "./post-json.mjs";
import { soakDocument } from "./soak-document.mjs";

/** Picks `count` distinct ids of `pool`. */
function pickDistinct(random, pool, count) {
  const left = [...pool];
  return Array.from({ length: Math.min(count, left.length) }, () => left.splice(Math.floor(random() * left.length), 1)[0]);
}

/**
 * Runs writer `writer` for one round. `service` is `{ agent, url, token, knowledgeBaseId }`;
 * `stopping()` turns true once the kill is decided, after which no new request starts. Counts go
 * to `tally` (requests by answer, writes by kind).
 */
export async function runWriter({ writer, round, random, pool, ledger, service, stopping, tally, onAcknowledged }) {
  for (let n = 0; !stopping(); n++) {
    const deleting = random() < 0.3;
    const ids = pickDistinct(random, pool, 1 + Math.floor(random() * (deleting ? 3 : 4)));
    const states = deleting ? ids.map(() => ABSENT) : ids.map((_, i) => `v${writer}r${round}n${n}i${i}`);
    const kinds = ids.map((id) =>
      deleting ? "delete" : ledger.known(id) === ABSENT ? "add" : ledger.possible(id).has(ABSENT) ? "add or replace" : "replace",
    );
    const expectedDeleted =
      deleting && ids.every((id) => ledger.known(id) !== undefined) ? ids.filter((id) => ledger.known(id) !== ABSENT).length : undefined;
    const { agent, url, token, knowledgeBaseId } = service;
    const reply = deleting
      ? await postJson(agent, url, token, "/llm/knowledge/documents/delete", {
          knowledgeBaseId,
          documentIds: ids,
        })
      : await postJson(agent, url, token, "/llm/knowledge/documents/add", {
          knowledgeBaseId,
          documents: ids.map((id, i) => soakDocument(id, states[i])),
        });
    tally.requests[reply.answer]++;
    if (reply.answer === "acknowledged") {
      if (!deleting && JSON.stringify(reply.result.documentIds) !== JSON.stringify(ids))
        tally.anomalies.push(`add of ${ids.join(",")} answered ids ${JSON.stringify(reply.result.documentIds)}`);
      if (deleting && expectedDeleted !== undefined && reply.result.deleted !== expectedDeleted)
        tally.anomalies.push(`delete of ${ids.join(",")} answered deleted ${reply.result.deleted}, expected ${expectedDeleted}`);
      ids.forEach((id, i) => {
        ledger.acknowledged(id, states[i]);
        tally.acknowledged[kinds[i]] = (tally.acknowledged[kinds[i]] ?? 0) + 1;
      });
      onAcknowledged();
    } else {
      ids.forEach((id, i) => ledger.unanswered(id, states[i]));
      if (reply.answer === "refused") tally.refusals.push(reply.detail);
      // A reset connection means the service is gone: this writer is done for the round.
      if (reply.answer === "unanswered") return;
    }
  }
}
