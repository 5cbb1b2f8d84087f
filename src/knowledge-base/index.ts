/** `toolgen/knowledge-base`: the knowledge-base client and the local service. */
export * from "./knowledge-base.js";
export * from "./service/index.js";
