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

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Where a link or a picture may point: a path on this site, a fragment, or an http(s),
 * mailto or tel address. Anything else (javascript:, data:, vbscript:, a scheme hidden behind
 * entities or control characters) is refused, and the link shows as its text alone.
 */
export function safeUrl(href: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip them in a scheme.
  const decoded = textOf(href).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (/^(\/(?!\/)|#|\?)/.test(decoded)) return href;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(decoded)?.[1]?.toLowerCase();
  if (scheme && ["http", "https", "mailto", "tel"].includes(scheme)) return href;
  // A relative path ("guide/intro") has no scheme and no leading slash.
  return scheme === undefined && !decoded.startsWith("//") ? href : null;
}

/**
 * Markdown → HTML at build time only (no parser ships to the browser).
 * Entries are written in the studio now, so the Markdown is inert: raw HTML in it shows as
 * text (never markup: a <script> there would otherwise be hashed into the page's own CSP),
 * and links and pictures keep only safe addresses (docs/security.md, "Content").
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
      html({ text }) {
        return escapeHtml(text);
      },
      // A safe address renders as marked's own link or picture (false: its default).
      link({ href, tokens }) {
        return safeUrl(href) === null ? this.parser.parseInline(tokens) : false;
      },
      image({ href, text }) {
        return safeUrl(href) === null ? escapeHtml(text) : false;
      },
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
