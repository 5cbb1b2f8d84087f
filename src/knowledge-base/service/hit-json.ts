/**
 * A search hit as the protocol writes it, `{ fileId, score, source: { title, doc, para } }`, as the
 * JSON text around its content: `doc` is a JSON string holding `content_se` and the rest, `para` is
 * the content again. The one-step writer (handlers.ts) and the writer in pieces (large-answers.ts)
 * both fill it; only how the content is escaped differs.
 */
import type { ScoredDocument } from "./storage.js";

export interface HitFrame {
  /** `{"fileId":…,"score":…,"source":{"title":…,"doc":` */
  readonly head: string;
  /** The JSON text of `doc` before its content: `{"_doc_id":…,"_id":…,"content_se":` */
  readonly docHead: string;
  /** …and after it: `,"knowledgeBaseId":…,"title":…,"metadata":…}` */
  readonly docTail: string;
  /** After `doc`, before the content as `para`. */
  readonly paraHead: string;
  readonly tail: string;
}

export function hitFrame(knowledgeBaseId: number, hit: ScoredDocument): HitFrame {
  const id = JSON.stringify(hit.id);
  const title = JSON.stringify(hit.title);
  return {
    head: `{"fileId":${id},"score":${JSON.stringify(hit.score)},"source":{"title":${title},"doc":`,
    docHead: `{"_doc_id":${id},"_id":${id},"content_se":`,
    docTail: `,"knowledgeBaseId":${knowledgeBaseId},"title":${title},"metadata":${JSON.stringify(hit.metadata)}}`,
    paraHead: ',"para":',
    tail: "}}",
  };
}
