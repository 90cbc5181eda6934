import { readFile } from "node:fs/promises";
import path from "node:path";
import { formMessageClass } from "../../domain/form-message.ts";
import type { SiteFiles } from "./static-site.ts";

/**
 * A prerendered form filled in again, for the no-JavaScript answer to a refused post (ADR 014):
 * the values as typed, the field the message is about focused, and the message in the form's
 * live region. Shared by the contact form and event registration; the markup is what React
 * rendered, so an island hydrating over it finds what it would have rendered.
 */

export type FormRefill = {
  /** The form's island host, e.g. `contact-form`: the form is the first after it. */
  island: string;
  /** Input names and what was posted for each. */
  inputs: Record<string, unknown>;
  /** Textarea names and what was posted for each. */
  textareas?: Record<string, unknown>;
  /** The live region's id. */
  statusId: string;
  /** Shown in the live region as an alert; null leaves it empty. */
  message: string | null;
  /** The field to focus, by name. */
  focus: string | null;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A posted value as text: strings (and numbers) only, NULs dropped (no HTML document holds one). */
export const postedText = (value: unknown) =>
  typeof value === "string"
    ? value.replaceAll("\0", "")
    : typeof value === "number"
      ? String(value)
      : "";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The page with its form refilled; null when the page has no such form. */
export function refillForm(html: string, refill: FormRefill): string | null {
  const start = html.indexOf(`data-island="${refill.island}"`);
  const end = html.indexOf("</form>", start);
  if (start === -1 || end === -1) return null;
  let form = html.slice(start, end);
  // Every insertion is a function's result: a replacement string would read $&, $', $` and $1
  // in what the visitor typed as patterns and copy other parts of the page into the form.
  for (const [name, value] of Object.entries(refill.inputs)) {
    const open = `<input value="${escapeHtml(postedText(value))}"${refill.focus === name ? " autofocus" : ""}`;
    // React may have written a default value already (a number field's 1): the typed one wins.
    form = form.replace(
      new RegExp(`<input(?=[^>]*\\sname="${escapeRegExp(name)}")([^>]*?)\\svalue="[^"]*"`),
      (_m, between: string) => `<input${between}`,
    );
    form = form.replace(new RegExp(`<input(?=[^>]*\\sname="${escapeRegExp(name)}")`), () => open);
  }
  for (const [name, value] of Object.entries(refill.textareas ?? {})) {
    form = form.replace(
      new RegExp(`(<textarea(?=[^>]*\\sname="${escapeRegExp(name)}")[^>]*)>(</textarea>)`),
      (_m, open: string, close: string) => {
        const text = postedText(value);
        // The parser drops one newline right after <textarea>: a text that starts with one
        // keeps it only if another goes first (React writes it the same way).
        const lead = /^\r?\n/.test(text) ? "\n" : "";
        return `${open}${refill.focus === name ? " autofocus" : ""}>${lead}${escapeHtml(text)}${close}`;
      },
    );
  }
  if (refill.message !== null) {
    const message = refill.message;
    form = form.replace(
      new RegExp(`(<div id="${escapeRegExp(refill.statusId)}"[^>]*>)(</div>)`),
      (_m, open: string, close: string) =>
        `${open}<p role="alert" class="${formMessageClass.error}">${escapeHtml(message)}</p>${close}`,
    );
  }
  return `${html.slice(0, start)}${form}${html.slice(end)}`;
}

/**
 * Reads the build's pages for refused form posts: each once, then kept; a read that fails is
 * forgotten, so the next refusal tries again.
 */
export function pageReader(site: SiteFiles): (file: string) => Promise<string> {
  const cache = new Map<string, Promise<string>>();
  return (file) => {
    let html = cache.get(file);
    if (!html) {
      html = readFile(path.join(site.root, file), "utf8");
      html.catch(() => cache.delete(file));
      cache.set(file, html);
    }
    return html;
  };
}
