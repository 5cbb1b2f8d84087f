import type { OperationSpec } from "./operation.js";
import { type CallOptions, type ClientConfig } from "./options.js";
/**
 * `input` is the operation's flat input object, typed `object` rather than
 * `Record<string, unknown>`: tsc relates a generated `<Name>Input` to `object` without looking at
 * its members, while the index signature would make an app's type check resolve every member of
 * every operation's input, called or not.
 */
export declare function request(config: ClientConfig<object>, op: OperationSpec, input: object | undefined, options?: CallOptions<object>): Promise<unknown>;
