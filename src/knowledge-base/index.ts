/**
 * `toolgen/knowledge-base/service`: the local knowledge-base service (`toolgen kb serve`). The
 * client is `toolgen/knowledge-base`, compiled from templates/knowledge-base.ts, the very file
 * copied beside every generated client; importing it never loads the service or its databases.
 */
export * from "./service/index.js";
