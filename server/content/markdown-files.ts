import path from "node:path";
import matter from "gray-matter";

/**
 * Markdown with YAML frontmatter, as content/ holds it, read and written the one way both
 * the import and the export use, so an exported file reads back exactly as imported.
 */

/** YAML turns unquoted dates into Date objects; the schemas expect the written form. */
function writtenDates(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(writtenDates);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, writtenDates(v)]));
  return value;
}

export function readMarkdown(source: string): { data: Record<string, unknown>; body: string } {
  // A copy of the source: gray-matter caches by input and would hand out shared objects.
  const parsed = matter(`${source}`, {});
  return { data: writtenDates(parsed.data) as Record<string, unknown>, body: parsed.content };
}

export function writeMarkdown(data: Record<string, unknown>, body: string): string {
  const text = matter.stringify(body, data);
  // gray-matter ends the file with a line break after the body; with no body (a person), the
  // closing `---` line is the end, so the file reads back with the same empty body.
  return body === "" ? text.replace(/\n+$/, "\n") : text;
}

/** The slug a file stands for: its name without `.md`. */
export const slugOfFile = (file: string) => path.basename(file, ".md");
