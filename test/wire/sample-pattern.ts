/**
 * A string matching a JSON Schema `pattern`, for the regular expressions descriptions really
 * use: literals, escapes (`\d \w \s`), classes with ranges, groups with alternation, and the
 * quantifiers `* + ? {n} {n,} {n,m}`. Lookarounds and back-references are not walked: the result
 * is then `undefined` and the caller falls back. The result is always checked by the caller.
 */

type Node =
  | { readonly kind: "chars"; readonly chars: string }
  | { readonly kind: "group"; readonly alternatives: readonly Node[][] }
  | { readonly kind: "repeat"; readonly node: Node; readonly min: number; readonly max: number };

const DIGITS = "0123456789";
const WORD = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
/** What a negated class or `.` picks from. */
const SAFE = "abcdefghijklmnopqrstuvwxyz0123456789-_";

export function samplePattern(pattern: string, random: () => number, minLength = 0, maxLength?: number): string | undefined {
  let tree: Node[][];
  try {
    new RegExp(pattern, "u");
    tree = new Parser(pattern).alternatives();
  } catch {
    return undefined;
  }
  const regex = new RegExp(pattern, "u");
  for (let attempt = 0; attempt < 20; attempt++) {
    const body = emitAlternatives(tree, random, attempt);
    // An unanchored pattern matches inside a longer text: pad to reach minLength.
    const text = body.length < minLength && !pattern.endsWith("$") ? body + "a".repeat(minLength - body.length) : body;
    if (regex.test(text) && text.length >= minLength && (maxLength === undefined || text.length <= maxLength)) return text;
  }
  return undefined;
}

function emitAlternatives(alternatives: readonly Node[][], random: () => number, attempt: number): string {
  const sequence = alternatives[Math.floor(random() * alternatives.length)]!;
  return sequence.map((node) => emit(node, random, attempt)).join("");
}

function emit(node: Node, random: () => number, attempt: number): string {
  switch (node.kind) {
    case "chars":
      return node.chars[Math.floor(random() * node.chars.length)] ?? "";
    case "group":
      return emitAlternatives(node.alternatives, random, attempt);
    case "repeat": {
      // Later attempts reach for longer repetitions (minLength), first ones stay short.
      const span = Math.min(node.max, node.min + 2 + attempt) - node.min;
      const count = node.min + Math.floor(random() * (span + 1));
      let out = "";
      for (let i = 0; i < count; i++) out += emit(node.node, random, attempt);
      return out;
    }
  }
}

class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  alternatives(): Node[][] {
    const out: Node[][] = [this.sequence()];
    while (this.peek() === "|") {
      this.at++;
      out.push(this.sequence());
    }
    return out;
  }

  private sequence(): Node[] {
    const out: Node[] = [];
    while (this.at < this.source.length && this.peek() !== "|" && this.peek() !== ")") {
      const atom = this.atom();
      if (atom) out.push(this.quantified(atom));
    }
    return out;
  }

  private atom(): Node | undefined {
    const c = this.source[this.at++]!;
    if (c === "^" || c === "$") return undefined;
    if (c === ".") return { kind: "chars", chars: SAFE };
    if (c === "[") return this.charClass();
    if (c === "(") {
      if (this.peek() === "?") {
        if (this.source[this.at + 1] !== ":") throw new Error("lookaround");
        this.at += 2;
      }
      const alternatives = this.alternatives();
      if (this.source[this.at++] !== ")") throw new Error("unclosed group");
      return { kind: "group", alternatives };
    }
    if (c === "\\") {
      const chars = this.escape(false);
      return chars === "" ? undefined : { kind: "chars", chars };
    }
    return { kind: "chars", chars: c };
  }

  private quantified(node: Node): Node {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === "*") [min, max] = [0, 8];
    else if (c === "+") [min, max] = [1, 8];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{" && /^\{\d+(,\d*)?\}/.test(this.source.slice(this.at))) {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at))!;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === "" ? min + 8 : Number(match[3]);
      this.at += match[0].length - 1;
    } else return node;
    this.at++;
    if (this.peek() === "?" || this.peek() === "+") this.at++;
    return { kind: "repeat", node, min, max };
  }

  private charClass(): Node {
    let negated = false;
    if (this.peek() === "^") {
      negated = true;
      this.at++;
    }
    let chars = "";
    let first = true;
    while (this.at < this.source.length && (this.peek() !== "]" || first)) {
      first = false;
      let c = this.source[this.at++]!;
      if (c === "\\") {
        const escaped = this.escape(true);
        if (escaped.length !== 1) {
          chars += escaped;
          continue;
        }
        c = escaped;
      }
      if (this.peek() === "-" && this.source[this.at + 1] !== "]" && this.at + 1 < this.source.length) {
        this.at++;
        let end = this.source[this.at++]!;
        if (end === "\\") end = this.escape(true);
        for (let code = c.codePointAt(0)!; code <= end.codePointAt(0)!; code++) chars += String.fromCodePoint(code);
      } else chars += c;
    }
    if (this.source[this.at++] !== "]") throw new Error("unclosed class");
    if (negated) chars = [...SAFE].filter((ch) => !chars.includes(ch)).join("");
    if (chars === "") throw new Error("empty class");
    return { kind: "chars", chars };
  }

  private escape(inClass: boolean): string {
    const c = this.source[this.at++]!;
    switch (c) {
      case "d":
        return DIGITS;
      case "w":
        return WORD;
      case "s":
        return " ";
      case "D":
        return "abc";
      case "W":
        return "-";
      case "S":
        return "a";
      case "b":
        if (inClass) return "\b";
        return "";
      case "n":
        return "\n";
      case "t":
        return "\t";
      case "u": {
        const hex = this.source.slice(this.at, this.at + 4);
        this.at += 4;
        return String.fromCharCode(parseInt(hex, 16));
      }
      default:
        if (/\d/.test(c)) throw new Error("back-reference");
        return c;
    }
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }
}
