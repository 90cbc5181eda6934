import { readFile } from "node:fs/promises";
import path from "node:path";
import { type ContactOutcome, contactOutcomePath } from "../../domain/contact-outcomes.ts";
import { formMessageClass } from "../../domain/form-message.ts";
import { limits } from "../../domain/limits.ts";
import { pageFileFor, type SiteFiles } from "../site/static-site.ts";

/** What the visitor typed, as the form posted it. */
export type PostedContact = Partial<
  Record<"email" | "firstName" | "lastName" | "message", unknown>
>;

/** The field a refusal is about, focused when the page comes back; none for the others. */
function fieldOf(outcome: ContactOutcome, posted: PostedContact): keyof PostedContact | null {
  switch (outcome) {
    case "invalid-email":
      return "email";
    case "invalid-first-name":
      return "firstName";
    case "invalid-last-name":
      return "lastName";
    case "name-too-long":
      return textOf(posted.firstName).trim().length > limits.name ? "firstName" : "lastName";
    case "too-long":
    case "invalid-message":
      return "message";
    default:
      return null;
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A posted value as text: strings only, NULs dropped (they cannot be in an HTML document). */
const textOf = (value: unknown) => (typeof value === "string" ? value.replaceAll("\0", "") : "");

/**
 * The prerendered page with the contact form filled in again and, when given, the message in
 * the form's live region: the no-JavaScript answer to a refused post (ADR 014). Every value
 * is escaped; the markup is the form React rendered (app/components/contact-form.tsx), so when
 * the island hydrates it finds what it would have rendered. Null when the page has no form.
 */
export function refillContactForm(
  html: string,
  posted: PostedContact,
  message: string | null,
  outcome: ContactOutcome,
): string | null {
  const start = html.indexOf('data-island="contact-form"');
  const end = html.indexOf("</form>", start);
  if (start === -1 || end === -1) return null;
  const focus = fieldOf(outcome, posted);
  let form = html.slice(start, end);
  // Every insertion is a function's result: a replacement string would read $&, $', $` and $1
  // in what the visitor typed as patterns and copy other parts of the page into the form.
  for (const name of ["email", "firstName", "lastName"] as const) {
    const input = `<input value="${escapeHtml(textOf(posted[name]))}"${focus === name ? " autofocus" : ""}`;
    form = form.replace(new RegExp(`<input(?=[^>]*\\sname="${name}")`), () => input);
  }
  form = form.replace(
    /(<textarea(?=[^>]*\sname="message")[^>]*)>(<\/textarea>)/,
    (_m, open: string, close: string) => {
      const text = textOf(posted.message);
      // The parser drops one newline right after <textarea>: a message that starts with one
      // keeps it only if another goes first (React writes it the same way).
      const lead = /^\r?\n/.test(text) ? "\n" : "";
      return `${open}${focus === "message" ? " autofocus" : ""}>${lead}${escapeHtml(text)}${close}`;
    },
  );
  if (message !== null) {
    form = form.replace(
      /(<div id="contact-status"[^>]*>)(<\/div>)/,
      (_m, open: string, close: string) =>
        `${open}<p role="alert" class="${formMessageClass.error}">${escapeHtml(message)}</p>${close}`,
    );
  }
  return `${html.slice(0, start)}${form}${html.slice(end)}`;
}

/**
 * Finds the page to answer with. A refusal about one field goes back to the page the form was
 * posted from, when it has the form, the message beside the Submit button and the field
 * focused. Otherwise (a limit, a failure with no field to fix, a page without the form) the
 * outcome's own page answers: its heading and message come first, its form below them. Pages
 * are read once and kept; a read that fails is forgotten, so the next refusal tries again.
 */
export function contactFormPages(site: SiteFiles) {
  const cache = new Map<string, Promise<string>>();
  const read = (file: string) => {
    let html = cache.get(file);
    if (!html) {
      html = readFile(path.join(site.root, file), "utf8");
      html.catch(() => cache.delete(file));
      cache.set(file, html);
    }
    return html;
  };
  return async (
    sourcePage: unknown,
    posted: PostedContact,
    message: string,
    outcome: ContactOutcome,
  ): Promise<{ html: string; file: string } | null> => {
    const candidates: [string | null, string | null][] = [
      [
        fieldOf(outcome, posted) && typeof sourcePage === "string" && sourcePage.startsWith("/")
          ? sourcePage
          : null,
        message,
      ],
      // The outcome page shows the message itself, above the form.
      [contactOutcomePath(outcome), null],
    ];
    for (const [candidate, shown] of candidates) {
      const file = candidate ? pageFileFor(site, candidate.split(/[?#]/)[0] ?? "") : null;
      if (!file) continue;
      const refilled = refillContactForm(await read(file), posted, shown, outcome);
      if (refilled) return { html: refilled, file };
    }
    return null;
  };
}
