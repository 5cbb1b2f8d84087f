/*
 * A copy of toolgen's runtime, written beside the generated client so that the app needs no
 * package at run time. Do not edit: run toolgen again. toolgen checks this code under
 * `tsc --strict` in its own build. The TypeScript copy carries `@ts-nocheck` so that the app's
 * `tsc` does not check it a second time, as `skipLibCheck` spares a dependency's declarations:
 * that check cost an app calling three operations of a 1,223-operation client 0.5 s of its 3 s,
 * and could fail under compiler options other than toolgen's.
 */
import { ownValue, setOwn } from "./own-property.js";
import { deepObjectPairs, encodeStrict, primitiveText, serializeStyled } from "./serialize-value.js";
export function encodeBody(op, input) {
    const spec = op.body;
    if (!spec)
        return {};
    const value = selectBody(op, spec, input);
    if (value === undefined)
        return spec.required && spec.encoding === "json" ? { body: "{}", contentType: spec.mediaType } : {};
    switch (spec.encoding) {
        case "json":
            return { body: JSON.stringify(value), contentType: spec.mediaType };
        case "form":
            return { body: formUrlEncoded(value, spec), contentType: spec.mediaType };
        case "multipart":
            return { body: multipart(value, spec) };
        case "text":
            return { body: typeof value === "string" ? value : JSON.stringify(value), contentType: spec.mediaType };
        default:
            return { body: value, contentType: rawContentType(spec.mediaType, value) };
    }
}
/**
 * A media range (`image/*`, or any type at all) says what the server accepts, not what a request
 * is: a Blob's own type names what is actually sent (a stored file keeps the type it came with).
 */
function rawContentType(declared, value) {
    if (!declared.includes("*"))
        return declared;
    return value instanceof Blob && value.type !== "" ? value.type : "application/octet-stream";
}
function selectBody(op, spec, input) {
    if (spec.key !== null)
        return ownValue(input, spec.key);
    const paramKeys = new Set(op.params.map((p) => p.key));
    const rest = {};
    let any = false;
    for (const [k, v] of Object.entries(input)) {
        if (paramKeys.has(k) || v === undefined)
            continue;
        setOwn(rest, k, v);
        any = true;
    }
    return any || spec.required ? rest : undefined;
}
/** Stripe's convention for nested fields: `metadata[k]=v`, `items[0][price]=p`, unless an Encoding Object says otherwise. */
function formUrlEncoded(value, spec) {
    if (typeof value !== "object" || value === null)
        return encodeStrict(primitiveText(value));
    const pairs = [];
    for (const [key, v] of Object.entries(value)) {
        if (v === undefined)
            continue;
        const field = ownValue(spec.fields, key);
        const name = encodeStrict(key);
        if (field?.style && field.style !== "deepObject")
            pairs.push(serializeStyled(name, v, field.style, field.explode ?? field.style === "form", encodeStrict));
        else
            pairs.push(...deepObjectPairs(name, v, encodeStrict));
    }
    return pairs.filter(Boolean).join("&");
}
function multipart(value, spec) {
    const form = new FormData();
    if (typeof value !== "object" || value === null)
        return form;
    for (const [key, v] of Object.entries(value)) {
        if (v === undefined)
            continue;
        const contentType = ownValue(spec.fields, key)?.contentType;
        for (const item of Array.isArray(v) && !contentType?.includes("json") ? v : [v])
            appendPart(form, key, item, contentType);
    }
    return form;
}
function appendPart(form, key, value, contentType) {
    if (value instanceof Blob) {
        form.append(key, value, typeof value.name === "string" && value.name ? value.name : key);
    }
    else if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
        form.append(key, new Blob([value], contentType ? { type: contentType } : {}), key);
    }
    else if (typeof value === "object" && value !== null && !(value instanceof Date)) {
        // §4.7.15: object parts are JSON. A typed Blob part would carry a filename, which most servers
        // read as a file upload; a plain field with the JSON text is what they expect, unless the
        // Encoding Object asks for an explicit part Content-Type.
        const text = JSON.stringify(value);
        if (contentType)
            form.append(key, new Blob([text], { type: contentType }), key);
        else
            form.append(key, text);
    }
    else {
        form.append(key, primitiveText(value));
    }
}
