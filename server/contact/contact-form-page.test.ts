import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contactFormMarkup } from "../test-support/fake-build.ts";
import { contactFormPages, refillContactForm } from "./contact-form-page.ts";

const page = `<!doctype html><html><body><h1>Home</h1>${contactFormMarkup}</body></html>`;

describe("refillContactForm", () => {
  it("is null for a page without the contact form", () => {
    expect(
      refillContactForm("<html><body><form></form></body></html>", {}, "x", "failed"),
    ).toBeNull();
  });

  it("fills only the contact form's own fields, never the honeypot or hidden inputs", () => {
    const withExtras = page.replace(
      "</form>",
      '<input name="company_website" type="text"/><input type="hidden" name="sourcePage" value="/home"/></form>',
    );
    const html = refillContactForm(withExtras, { email: "a@b.example" }, null, "failed") ?? "";
    expect(html).toContain('<input name="company_website" type="text"/>');
    expect(html).toContain('<input type="hidden" name="sourcePage" value="/home"/>');
    expect(html.match(/value="a@b.example"/g)).toHaveLength(1);
  });

  it("inserts values holding replacement patterns ($', $`, $&, $1, $$, $<name>) as they are", () => {
    // The refused post's values, escaped, and the page around them unchanged byte for byte:
    // the same refill with a plain marker in the field, the marker then swapped for the value.
    const escaped: [string, string][] = [
      ["$'", "$&#39;"],
      ["$`", "$`"],
      ["$&", "$&amp;"],
      ["$1", "$1"],
      ["$$", "$$"],
      ["$<name>", "$&lt;name&gt;"],
    ];
    const formStart = page.indexOf('data-island="contact-form"');
    const formEnd = page.indexOf("</form>");
    const filled = { email: "a@b.example", firstName: "Ann", lastName: "Lee", message: "Hi" };
    for (const field of ["email", "firstName", "lastName", "message"] as const) {
      for (const [pattern, html] of escaped) {
        const value = `x${pattern}y`;
        const shown = `x${html}y`;
        const marker = "\u2063marker\u2063";
        const status = `Not ${pattern}`;
        const refilled =
          refillContactForm(page, { ...filled, [field]: value }, status, "failed") ?? "";
        const expected = (
          refillContactForm(page, { ...filled, [field]: marker }, status, "failed") ?? ""
        )
          .split(marker)
          .join(shown);
        const label = `${field} ${pattern}`;
        expect(refilled, label).toBe(expected);
        expect(refilled.slice(0, formStart), label).toBe(page.slice(0, formStart));
        expect(refilled.slice(refilled.indexOf("</form>")), label).toBe(page.slice(formEnd));
        const inForm =
          field === "message"
            ? refilled.match(/<textarea[^>]*>([^<]*)<\/textarea>/)?.[1]
            : refilled.match(new RegExp(`<input value="([^"]*)"(?=[^>]*name="${field}")`))?.[1];
        expect(inForm, label).toBe(shown);
        expect(refilled, label).toContain(`>Not ${html}</p>`);
      }
    }
  });

  it("treats anything but text as empty", () => {
    const html = refillContactForm(page, { email: ["x"], message: { a: 1 } }, null, "failed") ?? "";
    expect(html).toContain('<input value="" type="email"');
    expect(html).toContain('class="x"></textarea>');
  });
});

describe("contactFormPages", () => {
  it("forgets a page it could not read, and reads it once it is back", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "fineline-pages-"));
    const file = "/contact/failed/index.html";
    const site = { root, files: new Set([file]), scriptHashes: new Map() };
    const find = contactFormPages(site);
    await expect(find("/home", {}, "x", "failed")).rejects.toThrow();
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, page);
    expect((await find("/home", {}, "x", "failed"))?.file).toBe(file);
    rmSync(root, { recursive: true, force: true });
  });
});
