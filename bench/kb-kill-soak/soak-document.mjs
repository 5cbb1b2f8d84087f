// What the soak stores for one version of one document, derived from the document's id and the
// version token alone, so that a check after a restart knows every field to expect. The content
// carries the version token (a word found by search in this version only) and filler of a length
// that varies with the version, so transactions vary in size.
import { mulberry32 } from "../seeded-random.mjs";

const FILLER = ["river", "stone", "lantern", "harbor", "meadow", "copper", "orchard", "signal", "timber", "glacier", "茶", "持久化"];

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The document `id` as version `version` writes it. */
export function soakDocument(id, version) {
  const random = mulberry32(hash(version));
  const words = Array.from({ length: Math.floor(random() * 120) }, () => FILLER[Math.floor(random() * FILLER.length)]);
  return {
    id,
    title: `soak ${id}`,
    content: `soak ${id} ${version} ${words.join(" ")}`,
    metadata: { document: id, version },
  };
}

/** The version token of a stored document's content, undefined when it is not one the soak wrote. */
export function versionOf(content) {
  return /^soak \S+ (\S+)/.exec(content)?.[1];
}
