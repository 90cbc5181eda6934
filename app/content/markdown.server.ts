import { Marked } from "marked";
import { typographic } from "../../domain/typography.ts";
import { slugify } from "./slug.ts";

export type Heading = { readonly depth: 2 | 3; readonly text: string; readonly id: string };

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * The text of rendered inline HTML: tags dropped, then entities decoded. Marked escapes quotes
 * and apostrophes, and a table of contents that React escapes again would show "&#39;".
 */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (match, name: string) => {
      if (name[0] !== "#") return entities[name.toLowerCase()] ?? match;
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : match;
    });
}

/**
 * Markdown → HTML at build time only (no parser ships to the browser).
 * h2/h3 get stable ids so guides can link to their sections.
 * (The recorded depth stays the source's, for tables of contents.)
 */
export function renderMarkdown(
  source: string,
  {
    headingOffset = 0,
    idPrefix = "",
  }: {
    headingOffset?: number;
    /** Several entries on one page (events) prefix their heading ids so each stays unique. */
    idPrefix?: string;
  } = {},
): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        // Content embedded under a page's own h3 (events) shifts its headings down to keep the outline.
        const level = Math.min(6, depth + headingOffset);
        if (depth !== 2 && depth !== 3) return `<h${level}>${inner}</h${level}>\n`;
        const text = textOf(inner);
        const base = `${idPrefix}${slugify(text) || "section"}`;
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen ? `${base}-${seen + 1}` : base;
        headings.push({ depth, text, id });
        return `<h${level} id="${id}">${inner}</h${level}>\n`;
      },
    },
  });
  // Curly quotes in prose, straight ones in code: text tokens are rewritten in reading order,
  // each knowing the character before it (a quote can sit at the edge of a bold or a link).
  let previous = "";
  marked.use({
    walkTokens(token) {
      if (token.type === "paragraph" || token.type === "heading" || token.type === "list_item")
        previous = "";
      else if (token.type === "text" && !("tokens" in token && token.tokens)) {
        token.text = typographic(token.text, previous);
        previous = token.text;
      } else if (token.type === "codespan" || token.type === "code") previous = token.text;
    },
  });
  const html = marked.parse(source, { async: false });
  return { html, headings };
}

export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[#>*_`[\]()-]/g, " ")
    .trim();
  return text ? text.split(/\s+/).length : 0;
}

/** Minutes at a calm 220 words a minute, never less than one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 220));
}
