// The check after a restart: every document the soak ever wrote, read through `documents/list`
// (every page) and found or not found by search, must be in one of the states the ledger allows;
// and every listed document must be one the soak wrote, once, with exactly the fields its version
// has. Returns the problems found (empty when none).
import { ABSENT } from "./ledger.mjs";
import { postJson } from "./post-json.mjs";
import { soakDocument, versionOf } from "./soak-document.mjs";

const PAGE = 1000;

async function call(service, path, body) {
  const reply = await postJson(service.agent, service.url, service.token, path, body);
  if (reply.answer !== "acknowledged") throw new Error(`${path} after the restart: ${reply.answer} (${reply.detail})`);
  return reply.result;
}

async function listAll(service) {
  const listed = [];
  let total;
  for (let offset = 0; ; offset += PAGE) {
    const page = await call(service, "/llm/knowledge/documents/list", {
      knowledgeBaseId: service.knowledgeBaseId,
      offset,
      limit: PAGE,
    });
    total = page.total;
    listed.push(...page.documents);
    if (page.documents.length < PAGE) break;
  }
  return { listed, total };
}

async function searchIds(service, query) {
  const hits = await call(service, "/llm/knowledge/search", {
    knowledgeBaseId: service.knowledgeBaseId,
    query,
    topK: 5,
  });
  return hits.map((hit) => hit.fileId);
}

export async function checkAfterRestart(service, ledger) {
  const problems = [];
  const { listed, total } = await listAll(service);
  if (total !== listed.length) problems.push(`documents/list: total ${total} but ${listed.length} documents listed`);
  const byId = new Map();
  for (const document of listed) {
    if (byId.has(document.id)) problems.push(`documents/list: ${document.id} listed twice`);
    byId.set(document.id, document);
  }
  const written = new Set(ledger.ids());
  for (const id of byId.keys()) if (!written.has(id)) problems.push(`documents/list: ${id} was never written`);

  for (const id of written) {
    const document = byId.get(id);
    const observed =
      document === undefined
        ? ABSENT
        : (versionOf(document.content) ?? `unreadable content ${JSON.stringify(document.content.slice(0, 60))}`);
    if (document !== undefined) {
      const expected = soakDocument(id, observed);
      const { title, content, metadata } = document;
      if (
        JSON.stringify({ title, content, metadata }) !==
        JSON.stringify({
          title: expected.title,
          content: expected.content,
          metadata: expected.metadata,
        })
      )
        problems.push(`${id}: listed fields differ from version ${observed}'s`);
    }
    // The search index is written in the same transaction as the document: it must agree. The id
    // is a word of every version, so searching it finds the document exactly when it is listed;
    // the version's own word, only in the version listed.
    const queries = document === undefined ? [id] : [id, observed];
    for (const query of queries) {
      const found = await searchIds(service, query);
      const expectedHits = document === undefined ? [] : [id];
      if (JSON.stringify(found) !== JSON.stringify(expectedHits))
        problems.push(
          `${id}: search for ${query} found ${JSON.stringify(found)}, expected ${JSON.stringify(expectedHits)} (listed: ${document !== undefined})`,
        );
    }
    const violation = ledger.check(id, observed);
    if (violation !== undefined)
      problems.push(
        `${id}: after the restart ${violation.observed === ABSENT ? "absent" : violation.observed}, possible ${JSON.stringify(violation.possible)}; writes since the last check: ${violation.writes.map((w) => `${w.state ?? "delete"} ${w.answer}`).join(", ")}`,
      );
  }
  return problems;
}
