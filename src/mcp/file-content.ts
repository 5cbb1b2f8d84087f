/**
 * Files in MCP tool results. A tool's answer names files by id (a FileReference for a binary
 * answer, ids in place of base64 fields); the bridge adds each file's content beside the JSON, as
 * the MCP SDK's content types allow: `image/*` as image content and `audio/*` as audio content
 * (what clients show and models can look at), anything else as an embedded resource with a
 * base64 blob. Files past the embedding budget go as resource links, readable with
 * `resources/read` (file-resources.ts), so one large file never floods the client or the model.
 */
import type { ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { bytesToBase64 } from "../runtime/files/base64.js";
import { isLocalFileId, unwrapFileId } from "../runtime/files/file-id.js";
import { FileStoreError, type FileInfo, type FileStore } from "../runtime/files/file-store.js";
import { fileResourceUri } from "./file-resources.js";

/** 5 MiB of file content embedded per result; what is left over goes as links. */
export const DEFAULT_MAX_EMBEDDED_FILE_BYTES = 5 * 1024 * 1024;
/** Files named by one result that get a content block at all. */
const MAX_FILES_PER_RESULT = 16;

export async function fileContents(result: unknown, files: () => FileStore, maxEmbeddedBytes: number): Promise<ContentBlock[]> {
  const ids = [...new Set(fileIdsIn(result))].slice(0, MAX_FILES_PER_RESULT);
  if (ids.length === 0) return [];
  const store = files();
  const blocks: ContentBlock[] = [];
  let budget = maxEmbeddedBytes;
  for (const id of ids) {
    let info: FileInfo;
    try {
      info = await store.info(id);
    } catch (error) {
      // An id the server echoed back from the arguments, since deleted: nothing to attach.
      if (error instanceof FileStoreError) continue;
      throw error;
    }
    if (info.size > budget) {
      blocks.push({ type: "resource_link", uri: fileResourceUri(id), name: info.filename, mimeType: info.mimeType, size: info.size });
      continue;
    }
    budget -= info.size;
    const data = bytesToBase64((await store.get(id)).bytes);
    if (info.mimeType.startsWith("image/")) blocks.push({ type: "image", data, mimeType: info.mimeType });
    else if (info.mimeType.startsWith("audio/")) blocks.push({ type: "audio", data, mimeType: info.mimeType });
    else blocks.push({ type: "resource", resource: { uri: fileResourceUri(id), mimeType: info.mimeType, blob: data } });
  }
  return blocks;
}

/** Every local file id in a JSON value, in order of appearance. */
function fileIdsIn(value: unknown, depth = 0): string[] {
  if (depth > 64) return [];
  if (typeof value === "string") {
    const id = unwrapFileId(value);
    return isLocalFileId(id) ? [id] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item) => fileIdsIn(item, depth + 1));
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap((item) => fileIdsIn(item, depth + 1));
  return [];
}
