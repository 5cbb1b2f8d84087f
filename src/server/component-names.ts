/**
 * Names under `components.schemas`, each given out once. Every tool's `<ToolName>Input` and
 * `<ToolName>Output` are reserved first (they cannot collide with each other: tool names are
 * unique and the two suffixes differ), then the names that are chosen afterwards (shared error
 * body, recursive sub-schemas) are made unique with a number, so no `$ref` ever points at the
 * wrong schema, whatever the tools are called.
 */

/** OpenAPI 3.0 component keys: `^[a-zA-Z0-9.\-_]+$`. */
const COMPONENT_KEY = /^[A-Za-z0-9._-]+$/;

export class ComponentNames {
  readonly #taken = new Set<string>();

  /** Claims an exact name; a second claim is a bug in the caller. */
  reserve(name: string): string {
    if (!COMPONENT_KEY.test(name)) throw new TypeError(`"${name}" cannot be a component name`);
    if (this.#taken.has(name)) throw new TypeError(`two schemas would be called "${name}"`);
    this.#taken.add(name);
    return name;
  }

  /** `wanted`, made a valid key, with 2, 3, ... appended until it is free. */
  allocate(wanted: string): string {
    const base = wanted.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "") || "Schema";
    let name = base;
    for (let n = 2; this.#taken.has(name); n++) name = `${base}${n}`;
    this.#taken.add(name);
    return name;
  }
}
