import { Marked } from "marked";

export type Heading = { readonly depth: 2 | 3; readonly text: string; readonly id: string };

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&[a-z]+;/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Markdown → HTML at build time only (no parser ships to the browser).
 * h2/h3 get stable ids so guides can link to their sections.
 * (The recorded depth stays the source's, for tables of contents.)
 */
export function renderMarkdown(
  source: string,
  { headingOffset = 0 }: { headingOffset?: number } = {},
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
        const text = inner.replace(/<[^>]+>/g, "");
        const base = slugify(text) || "section";
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen ? `${base}-${seen + 1}` : base;
        headings.push({ depth, text, id });
        return `<h${level} id="${id}">${inner}</h${level}>\n`;
      },
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
