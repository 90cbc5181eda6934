import { type ContactOutcome, contactOutcomePath } from "../../domain/contact-outcomes.ts";
import { limits } from "../../domain/limits.ts";
import { pageCsp } from "../http/security-headers.ts";
import { pageReader, postedText, refillForm } from "../site/refill-form.ts";
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
      return postedText(posted.firstName).trim().length > limits.name ? "firstName" : "lastName";
    case "too-long":
    case "invalid-message":
      return "message";
    default:
      return null;
  }
}

/**
 * The prerendered page with the contact form filled in again and, when given, the message in
 * the form's live region: the no-JavaScript answer to a refused post (ADR 014). Null when the
 * page has no form.
 */
export function refillContactForm(
  html: string,
  posted: PostedContact,
  message: string | null,
  outcome: ContactOutcome,
): string | null {
  return refillForm(html, {
    island: "contact-form",
    inputs: { email: posted.email, firstName: posted.firstName, lastName: posted.lastName },
    textareas: { message: posted.message },
    statusId: "contact-status",
    message,
    focus: fieldOf(outcome, posted),
  });
}

/**
 * Finds the page to answer with. A refusal about one field goes back to the page the form was
 * posted from, when it has the form, the message beside the Submit button and the field
 * focused. Otherwise (a limit, a failure with no field to fix, a page without the form) the
 * outcome's own page answers: its heading and message come first, its form below them. Pages
 * are read once and kept; a read that fails is forgotten, so the next refusal tries again.
 */
export function contactFormPages(site: SiteFiles) {
  const read = pageReader(site);
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

/**
 * The answer to a refused plain form post: the page `contactFormPages` finds, with the CSP that
 * allows its inline scripts. Undefined without a build (as in development): the post is then
 * redirected to the outcome page.
 */
export function refusedContactPages(
  site: SiteFiles | null,
  { upgradeInsecure }: { upgradeInsecure: boolean },
) {
  if (!site) return undefined;
  const pages = contactFormPages(site);
  return async (...args: Parameters<typeof pages>) => {
    const page = await pages(...args);
    return (
      page && {
        html: page.html,
        csp: pageCsp(site.scriptHashes.get(page.file) ?? [], { upgradeInsecure }),
      }
    );
  };
}
