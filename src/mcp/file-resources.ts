/**
 * The toolkit's stored files as MCP resources, `toolgen://files/<id>`: `resources/list` lists
 * them, `resources/read` returns one as a base64 blob. This is how a client fetches a file a
 * tool result only linked to (too large to embed, see file-content.ts).
 *
 * `resources/templates/list` answers an empty list: the server declares the `resources`
 * capability, which a client takes as the promise of that method, and a file id is learnt from
 * a tool result or `resources/list`, not built from a template.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, McpError, ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { bytesToBase64 } from "../runtime/files/base64.js";
import { FileStoreError, type FileStore } from "../runtime/files/file-store.js";

const PREFIX = "toolgen://files/";

export function fileResourceUri(id: string): string {
  return `${PREFIX}${id}`;
}

export function serveFileResources(server: Server, store: () => FileStore): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: (await store().list()).map((info) => ({ uri: fileResourceUri(info.id), name: info.filename, mimeType: info.mimeType, size: info.size })),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    if (!uri.startsWith(PREFIX)) throw new McpError(ErrorCode.InvalidParams, `no such resource: ${uri} (this server's resources are ${PREFIX}<file id>)`);
    try {
      const file = await store().get(uri.slice(PREFIX.length));
      return { contents: [{ uri, mimeType: file.mimeType, blob: bytesToBase64(file.bytes) }] };
    } catch (error) {
      // The MCP spec's code for a resource that does not exist.
      if (error instanceof FileStoreError) throw new McpError(-32002, `no such resource: ${uri}: it ${error.message}`);
      throw error;
    }
  });
}
