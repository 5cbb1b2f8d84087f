/**
 * The document `schema.ts` is typed from, without the component schemas, responses, parameters,
 * request bodies and headers that no operation, webhook or other component in use refers to.
 * Nothing the generated functions, tools or errors name can reach them, yet tsc parses and binds
 * every one in each app that imports the client. GitHub's description keeps 327 schemas for its
 * `x-webhooks` (an extension openapi-typescript does not type): half of its components' text, and
 * a third of the parse time of an app's type check.
 */
import { decodePointer } from "../load/json-pointer.js";
import { isObject } from "../model/local-ref.js";
import { forEachDescriptionObject } from "../model/types-document/ref-holders.js";

type Json = Record<string, unknown>;

/** Sections whose entries only become types when referred to; the others are kept whole. */
const PRUNED_SECTIONS = ["schemas", "responses", "parameters", "requestBodies", "headers"] as const;

/** `document` itself when every component is referred to, else a shallow copy without the rest. */
export function withoutUnreferencedComponents(document: Json): Json {
  const components = document.components;
  if (!isObject(components)) return document;
  const kept: Json = {};
  for (const [section, entries] of Object.entries(components)) {
    if (!(PRUNED_SECTIONS as readonly string[]).includes(section)) kept[section] = entries;
  }

  const reached = new Map<string, Set<string>>();
  const pending: unknown[] = [];
  const reach = (section: string, name: string): void => {
    const entries = components[section];
    if (!(PRUNED_SECTIONS as readonly string[]).includes(section) || !isObject(entries) || !Object.hasOwn(entries, name)) return;
    let names = reached.get(section);
    if (!names) reached.set(section, (names = new Set()));
    if (names.has(name)) return;
    names.add(name);
    pending.push(entries[name]);
  };
  const follow = (node: Json): void => {
    if (typeof node.$ref === "string") reachRef(node.$ref, reach);
    const discriminator = node.discriminator;
    if (isObject(discriminator) && isObject(discriminator.mapping)) {
      for (const target of Object.values(discriminator.mapping)) {
        if (typeof target !== "string") continue;
        // A mapping value is a reference or, without "#/" or "/", a schema's bare name.
        if (target.includes("/")) reachRef(target, reach);
        else reach("schemas", target);
      }
    }
  };

  // Data (examples, defaults, enums, `x-` extensions such as `x-webhooks`) is not walked into, so
  // a `$ref` written there keeps nothing.
  forEachDescriptionObject({ ...document, components: kept }, follow);
  while (pending.length > 0) forEachDescriptionObject(pending.pop(), follow);

  let dropped = false;
  const pruned: Json = { ...kept };
  for (const section of PRUNED_SECTIONS) {
    const entries = components[section];
    if (!isObject(entries)) {
      if (entries !== undefined) pruned[section] = entries;
      continue;
    }
    const names = reached.get(section) ?? new Set<string>();
    if (names.size === Object.keys(entries).length) {
      pruned[section] = entries;
      continue;
    }
    dropped = true;
    const left: Json = {};
    for (const name of Object.keys(entries)) if (names.has(name)) left[name] = entries[name];
    pruned[section] = left;
  }
  // Sections in the order the description wrote them, so the printed types keep their order.
  const ordered: Json = {};
  for (const section of Object.keys(components)) ordered[section] = pruned[section];
  return dropped ? { ...document, components: ordered } : document;
}

function reachRef(ref: string, reach: (section: string, name: string) => void): void {
  if (!ref.startsWith("#/components/")) return;
  const [, section, name] = decodePointer(ref.slice(1));
  if (section !== undefined && name !== undefined) reach(section, name);
}
