import { escapeHtml } from "./outgoing-email.ts";

/**
 * The HTML part of a plain e-mail: its lines as paragraphs in the studio's colours, every
 * character escaped (a visitor's words can never become markup) and web addresses linked.
 * An empty line separates paragraphs; a line starting with "> " is a quote.
 */
export function paragraphsHtml(lines: readonly string[]): string {
  const body = lines
    .map((line) => {
      if (line === "") return "";
      const quoted = line.startsWith("> ");
      const html = escapeHtml(quoted ? line.slice(2) : line).replace(
        /(https?:\/\/[^\s<]+)/g,
        (url) => `<a href="${url}" style="color:#b3400f">${url}</a>`,
      );
      return quoted
        ? `<p style="margin:0 0 4px;padding-left:12px;border-left:3px solid #d9d4c7;color:#5b6270">${html}</p>`
        : `<p style="margin:0 0 12px">${html}</p>`;
    })
    .join("");
  return `<!doctype html><html><body style="font-family:Manrope,Arial,sans-serif;color:#0e1116;background:#f7f5f0;padding:24px">${body}</body></html>`;
}
