import type { OperationSpec } from "./operation.js";
import { type CallOptions, type ClientConfig } from "./options.js";
export declare function request(config: ClientConfig<object>, op: OperationSpec, input: Record<string, unknown> | undefined, options?: CallOptions<object>): Promise<unknown>;
