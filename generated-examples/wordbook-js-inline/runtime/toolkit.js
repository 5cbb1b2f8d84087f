import { setOwn } from "./own-property.js";
import { filesOptionsOf, ModelFiles } from "./files/model-files.js";
import { checkArguments } from "./validation/arguments.js";
import { ToolInputError } from "./validation/tool-input-error.js";
export function createToolkit(init) {
    const byName = new Map();
    // Canonical and wire names first, so a function name can never shadow either.
    for (const entry of init.tools)
        byName.set(entry.name, entry);
    for (const entry of init.tools)
        if (!byName.has(entry.wireName))
            byName.set(entry.wireName, entry);
    for (const entry of init.tools)
        if (!byName.has(entry.functionName))
            byName.set(entry.functionName, entry);
    const find = (name) => {
        const entry = typeof name === "string" ? byName.get(name) : undefined;
        if (entry)
            return entry;
        throw unknownTool(String(name), init.tools);
    };
    const check = (name, args) => {
        const entry = find(name);
        const input = checkArguments(name, entry.parameters, args);
        return entry.fixed ? { ...input, ...entry.fixed } : input;
    };
    const files = new ModelFiles(init.files && filesOptionsOf(init.files));
    return {
        title: init.title,
        version: init.version,
        tools: init.tools,
        ...(init.securitySchemes ? { securitySchemes: init.securitySchemes } : {}),
        examples: init.examples ?? [],
        tool: (name) => byName.get(name),
        check,
        async call(name, args, options) {
            const entry = find(name);
            const input = await files.arguments(name, entry, check(name, args));
            const callOptions = files.callOptions(options);
            const result = entry.inputless ? await entry.run(callOptions) : await entry.run(input, callOptions);
            return withPrompt(await files.answer(entry, result), entry.prompt);
        },
        get files() {
            return files.store;
        },
        withFiles: (store) => createToolkit({ ...init, files: store }),
    };
}
/**
 * The model named a tool that does not exist. The list uses the naming style the model used
 * (wire names when it sent a wire name), so its retry can pick one verbatim.
 */
function unknownTool(name, tools) {
    const wire = !name.includes("/") && tools.some((t) => t.wireName !== t.name);
    const known = tools.map((t) => (wire ? t.wireName : t.name));
    const message = `Unknown tool "${name}". Known tools: ${known.join(", ")}.`;
    return new ToolInputError(name, "UNKNOWN_TOOL", [{ path: "$", message: `names no tool; known tools: ${known.join(", ")}` }], message);
}
/** `x-ebagent-prompt` as the reference applies it, except that a server's own `prompt` wins. */
function withPrompt(result, prompt) {
    if (prompt === undefined || typeof result !== "object" || result === null || Array.isArray(result))
        return result;
    if (Object.hasOwn(result, "prompt"))
        return result;
    return { ...result, prompt };
}
/**
 * Binds call options (base address, headers, token, fetch, timeout) to every function, giving a
 * client whose calls all start from them; per-call options still win, headers are merged.
 */
export function bindCallOptions(functions, inputless, bound) {
    const merge = (options) => ({
        ...bound,
        ...options,
        headers: { ...bound.headers, ...options?.headers },
        ...(bound.auth || options?.auth ? { auth: { ...bound.auth, ...options?.auth } } : {}),
    });
    const client = {};
    for (const [name, fn] of Object.entries(functions)) {
        setOwn(client, name, inputless.has(name) ? (options) => fn(merge(options)) : (input, options) => fn(input, merge(options)));
    }
    return client;
}
