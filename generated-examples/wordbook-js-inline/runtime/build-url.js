import { ownValue } from "./own-property.js";
import { encodeReserved, encodeStrict, serializeStyled } from "./serialize-value.js";
export function buildUrl(baseUrl, op, input, version) {
    let path = op.path;
    const query = [];
    for (const p of op.params) {
        const value = ownValue(input, p.key);
        if (p.in === "path") {
            if (value === undefined || value === null)
                throw new TypeError(`${op.tool}: path parameter "${p.key}" is required`);
            const text = p.json ? encodeStrict(JSON.stringify(value)) : serializeStyled(p.name, value, p.style ?? "simple", p.explode ?? false, encodeStrict);
            path = path.split(`{${p.name}}`).join(text);
        }
        else if (p.in === "query" && value !== undefined) {
            const style = p.style ?? "form";
            const name = encodeStrict(p.name);
            if (p.json)
                query.push(`${name}=${encodeStrict(typeof value === "string" ? value : JSON.stringify(value))}`);
            else
                query.push(serializeStyled(name, value, style, p.explode ?? style === "form", p.allowReserved ? encodeReserved : encodeStrict));
        }
    }
    // An empty info.version sends none at all: `?version=` would claim a version the API lacks.
    if (version !== "")
        query.push(`version=${encodeStrict(version)}`);
    return withQuery(joinBase(baseUrl, path), query);
}
/**
 * The URL with `name=value` pairs (already encoded) added to its query. A path with a fixed query
 * part (Azure's x-ms-paths, `/{container}?restype=container`) keeps it.
 */
export function withQuery(url, pairs) {
    const search = pairs.filter(Boolean).join("&");
    if (search === "")
        return url;
    return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}
function joinBase(baseUrl, path) {
    return `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
