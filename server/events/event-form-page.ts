import { pageCsp } from "../http/security-headers.ts";
import { pageReader, refillForm } from "../site/refill-form.ts";
import { pageFileFor, type SiteFiles } from "../site/static-site.ts";
import type { PostedRegistration } from "./events.routes.ts";

/**
 * The answer to a refused plain form post of a registration: the event's page with the form
 * filled in again, the message in its live region and the field it is about focused, with the
 * CSP that allows its inline scripts (ADR 014). Undefined without a build (as in development),
 * and null for an event without a page: the post is then redirected to the event's page.
 */
export function refusedRegistrationPages(
  site: SiteFiles | null,
  { upgradeInsecure }: { upgradeInsecure: boolean },
) {
  if (!site) return undefined;
  const read = pageReader(site);
  return async (
    slug: string,
    posted: PostedRegistration,
    message: string,
    focus: keyof PostedRegistration | null,
  ) => {
    const file = pageFileFor(site, `/events/${slug}`);
    if (!file) return null;
    const html = refillForm(await read(file), {
      island: "event-registration",
      inputs: {
        email: posted.email,
        firstName: posted.firstName,
        lastName: posted.lastName,
        seats: posted.seats,
      },
      statusId: "registration-status",
      message,
      focus,
    });
    return html
      ? { html, csp: pageCsp(site.scriptHashes.get(file) ?? [], { upgradeInsecure }) }
      : null;
  };
}
