/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
export function selectTools(source, options) {
    return options.only ? source.tools.filter(options.only) : source.tools;
}
/** Collects warnings; `flush()` reports them as the caller asked. */
export class Warnings {
    adapter;
    onWarning;
    messages = [];
    constructor(adapter, onWarning) {
        this.adapter = adapter;
        this.onWarning = onWarning;
    }
    add(message) {
        if (this.onWarning)
            this.onWarning(`${this.adapter}: ${message}`);
        else
            this.messages.push(message);
    }
    flush() {
        if (this.messages.length === 0)
            return;
        const shown = this.messages.slice(0, 5).map((m) => `  - ${m}`);
        const more = this.messages.length > shown.length ? `\n  … and ${this.messages.length - shown.length} more (pass onWarning to see each)` : "";
        console.warn(`toolgen ${this.adapter}: ${this.messages.length} warning${this.messages.length === 1 ? "" : "s"}:\n${shown.join("\n")}${more}`);
    }
}
/** Cuts text to `max` characters (code points), at a word boundary when one is near. */
export function truncate(text, max) {
    if (max === undefined || max <= 0)
        return text;
    const chars = [...text];
    if (chars.length <= max)
        return text;
    let cut = chars.slice(0, max - 1).join("");
    const space = cut.search(/\s\S*$/);
    if (space > cut.length * 0.8)
        cut = cut.slice(0, space);
    return `${cut.trimEnd()}…`;
}
/** Every call of `tool` in its example conversations, in order. */
export function exampleCalls(tool) {
    const calls = [];
    for (const example of tool.examples)
        calls.push(...callsIn(example, tool.name));
    return calls;
}
function callsIn(example, name) {
    const calls = [];
    let user;
    for (const message of example.messages) {
        if (message.role === "user")
            user = message.content;
        else if (message.call?.name === name) {
            calls.push({
                ...(user !== undefined ? { user } : {}),
                ...(message.thoughts !== undefined ? { thoughts: message.thoughts } : {}),
                arguments: message.call.arguments,
            });
        }
    }
    return calls;
}
/**
 * The description with example calls appended ("Examples:" then `user text -> name({...})`), for
 * providers without an examples field, as the AI SDK's addToolInputExamplesMiddleware does. Only
 * whole examples that fit in `max` are added; the description itself is cut first if needed.
 */
export function describeWithExamples(tool, callName, max, withExamples) {
    let text = truncate(tool.description, max);
    if (!withExamples)
        return text;
    const calls = exampleCalls(tool);
    if (calls.length === 0)
        return text;
    let block = "\n\nExamples:";
    let added = 0;
    for (const call of calls) {
        const line = `\n- ${call.user !== undefined ? `${JSON.stringify(call.user)} -> ` : ""}${callName}(${JSON.stringify(call.arguments)})`;
        if (max !== undefined && [...text].length + [...block].length + [...line].length > max)
            break;
        block += line;
        added++;
    }
    if (added > 0)
        text += block;
    return text;
}
/** A descriptor schema in the loose shape provider SDKs declare (`{ [key: string]: unknown }`). */
export function schemaRecord(schema) {
    return schema;
}
