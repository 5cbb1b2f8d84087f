/**
 * Hands out names so no two things share one. Requests are served in a fixed order (document
 * order), so the first holder of a name keeps it and later ones get the smallest free numeric
 * suffix: the result depends only on the description, never on hash order or timing.
 * Comparison is case-insensitive, so `getUser` and `GetUser` never land in one file system or
 * one case-insensitive export list together.
 */
export class NameRegistry {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }

  has(name: string): boolean {
    return this.taken.has(name.toLowerCase());
  }

  /** Claims `wanted`, or `wanted2`, `wanted3`, … whichever is free first. */
  claim(wanted: string, separator = ""): string {
    let name = wanted;
    for (let n = 2; this.has(name); n++) name = `${wanted}${separator}${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}
