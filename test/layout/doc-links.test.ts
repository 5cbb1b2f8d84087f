/**
 * The written documentation holds together: every relative link and `#anchor` in README.md,
 * docs/*.md and BENCHMARKS.md leads somewhere, anchors being matched against the headings of the
 * page they point into, slugged as GitHub slugs them. Also the README's shape (short enough to read
 * in one sitting, the quick-start commands as CI runs them), every docs page reachable from the
 * index, and no issue numbers standing in for reasons.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { REPO_ROOT } from "../support/output-dir.js";

const DOCS = join(REPO_ROOT, "docs");
const docsPages = readdirSync(DOCS)
  .filter((name) => name.endsWith(".md"))
  .sort()
  .map((name) => join(DOCS, name));
const CHECKED = [join(REPO_ROOT, "README.md"), join(REPO_ROOT, "BENCHMARKS.md"), ...docsPages];

/** The text outside fenced code blocks, line by line (lines inside fences become empty). */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split("\n").map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === undefined) {
      if (opening) {
        fence = opening[1]!;
        return "";
      }
      return line;
    }
    if (opening && opening[1]![0] === fence[0] && opening[1]!.length >= fence.length && line.trim() === opening[1]) fence = undefined;
    return "";
  });
}

/** Inline code spans, replaced by their content as rendered. */
function withoutCodeSpans(text: string): string {
  return text.replace(/(`+)([\s\S]*?)\1/g, (_all, _ticks: string, content: string) => content.trim());
}

/**
 * GitHub's heading anchor (github-slugger): the heading's text as rendered, lower-cased, every
 * character that is not a letter, mark, number, connector (`_`), hyphen or space dropped, each
 * space turned into `-`; a repeated slug gets `-1`, `-2`, ...
 */
function githubSlug(heading: string): string {
  // Outside code spans, links and images render as their text and inline HTML as nothing; a code
  // span renders its content as written (`<source>` included).
  const rendered = heading
    .split(/(`+[\s\S]*?`+)/)
    .map((part, index) =>
      index % 2 === 1
        ? withoutCodeSpans(part)
        : part.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, ""),
    )
    .join("");
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

const anchorCache = new Map<string, Set<string>>();

/** Every anchor a Markdown file offers: its headings' slugs (with GitHub's suffixes for repeats). */
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(readFileSync(file, "utf8"))) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    const explicit = [...line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)].map((m) => m[1]!);
    for (const id of explicit) anchors.add(id);
    if (!heading) continue;
    const base = githubSlug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

interface Link {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

/**
 * Inline links and images, and reference definitions, outside code. The text is read whole, as a
 * link's text may run over several lines; code spans keep their line breaks, so line numbers hold.
 */
function linksOf(file: string): Link[] {
  const prose = proseLines(readFileSync(file, "utf8"))
    .join("\n")
    .replace(/(`+)([\s\S]*?)\1/g, (_all, _ticks: string, content: string) => `code${"\n".repeat(content.split("\n").length - 1)}`);
  const lineAt = (offset: number) => prose.slice(0, offset).split("\n").length;
  const links: Link[] = [];
  for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ file, line: lineAt(match.index), target: match[1]! });
  }
  for (const match of prose.matchAll(/^ {0,3}\[[^\]\n]+\]:[ \t]*<?(\S+?)>?(?:[ \t]+"[^"\n]*")?[ \t]*$/gm)) {
    links.push({ file, line: lineAt(match.index), target: match[1]! });
  }
  return links;
}

/** Why a link does not resolve, or undefined when it does. External addresses are not followed. */
function brokenReason(link: Link): string | undefined {
  const { target } = link;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:, ...
  const hashAt = target.indexOf("#");
  const pathPart = decodeURIComponent(hashAt === -1 ? target : target.slice(0, hashAt));
  const anchor = hashAt === -1 ? undefined : decodeURIComponent(target.slice(hashAt + 1));
  const destination = pathPart === "" ? link.file : resolve(dirname(link.file), pathPart);
  if (!existsSync(destination)) return `no file ${relative(REPO_ROOT, destination)}`;
  if (anchor === undefined) return undefined;
  if (statSync(destination).isDirectory() || !destination.endsWith(".md")) return `an anchor into ${relative(REPO_ROOT, destination)}, which is no Markdown file`;
  if (!anchorsOf(destination).has(anchor)) return `no heading with the anchor #${anchor} in ${relative(REPO_ROOT, destination)}`;
  return undefined;
}

describe("links in README.md, docs/ and BENCHMARKS.md", () => {
  test("GitHub's slugs: lower case, punctuation dropped except - and _, spaces to -", () => {
    expect(githubSlug("Serving your own tools: `toolgen/server`")).toBe("serving-your-own-tools-toolgenserver");
    expect(githubSlug("The score index (`--score-index`)")).toBe("the-score-index---score-index");
    expect(githubSlug("2. Many instances: PostgreSQL")).toBe("2-many-instances-postgresql");
    expect(githubSlug("MCP bridge: `toolgen mcp <source>`")).toBe("mcp-bridge-toolgen-mcp-source");
    expect(githubSlug("snake_case and [a link](x.md)")).toBe("snake_case-and-a-link");
    expect(githubSlug("差旅 notes")).toBe("差旅-notes");
  });

  test("repeated headings get -1, -2, ... as on GitHub", () => {
    const anchors = anchorsOf(join(DOCS, "knowledge-base-deployment.md"));
    expect(anchors.has("backups")).toBe(true);
    expect(anchors.has("backups-1")).toBe(true);
  });

  test("the parser sees the links it must see, and none inside code", () => {
    const links = linksOf(join(REPO_ROOT, "README.md")).map((link) => link.target);
    expect(links).toContain("docs/cli.md");
    expect(links).toContain("#generate-a-client");
    expect(links.some((target) => target.includes("{base}"))).toBe(false);
  });

  test.each(CHECKED.map((file) => [relative(REPO_ROOT, file), file]))("every relative link and anchor of %s resolves", (_name, file) => {
    const broken = linksOf(file).flatMap((link) => {
      const reason = brokenReason(link);
      return reason === undefined ? [] : [`${relative(REPO_ROOT, link.file)}:${link.line}: (${link.target}) ${reason}`];
    });
    expect(broken).toEqual([]);
  });
});

describe("the README and the docs index", () => {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");

  test("the README reads in one sitting: at most 350 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(350);
  });

  test("the quick start gives the two commands CI and a newcomer run", () => {
    const quickStart = readme.slice(readme.indexOf("## Quick start"));
    expect(quickStart).toContain("npm ci && npm run demo");
    expect(quickStart).toContain("npm ci && npm test");
  });

  test("each of the five things a user does has its section and a page in docs/", () => {
    for (const section of ["Generate a client", "Call it", "Give tools to a model", "Run the knowledge base", "Diff two versions"]) {
      const start = readme.indexOf(`\n## ${section}\n`);
      expect(start, section).toBeGreaterThan(-1);
      const end = readme.indexOf("\n## ", start + 1);
      expect(readme.slice(start, end === -1 ? undefined : end), section).toMatch(/\]\(docs\/[a-z0-9.-]+\.md/);
    }
  });

  test("the README says why each library was picked, with the page that has the reasons", () => {
    const choices = readme.slice(readme.indexOf("\n## Choices\n"));
    expect(choices).toContain("](docs/choices.md)");
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const page = readFileSync(join(DOCS, "choices.md"), "utf8");
    for (const name of Object.keys(pkg.dependencies)) expect(page, name).toContain(name);
  });

  test("every page of docs/ is listed in docs/README.md", () => {
    const index = readFileSync(join(DOCS, "README.md"), "utf8");
    const listed = new Set(linksOf(join(DOCS, "README.md")).map((link) => link.target.split("#")[0]));
    const missing = docsPages.map((file) => relative(DOCS, file)).filter((name) => name !== "README.md" && !listed.has(name));
    expect(index.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  test("no issue numbers stand in for a reason in the README or docs/", () => {
    const found = [join(REPO_ROOT, "README.md"), ...docsPages].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          // An upstream project's issue ("openapi-typescript as its issue 1603") is a citation, not ours.
          /\b[Ii]ssues? \d/.test(line.replace(/\bits issue \d+/g, "")) ? [`${relative(REPO_ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
