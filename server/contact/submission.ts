import type { FastifyRequest } from "fastify";
import { honeypotField } from "../../domain/contact-texts.ts";
import { utmOf, type VisitSource } from "../../domain/lead-source.ts";
import type { SpamReason } from "../../domain/spam.ts";
import { countedPath } from "../../domain/visits.ts";
import { checkFormToken, type FormTokenCheck } from "./form-token.ts";

/**
 * What a visitor's submission (the contact form, a booking) says about itself: the page it
 * was sent from, where the visit came from, and whether it looks like spam. Shared, so a
 * booking is judged exactly as the contact form is.
 */

const isFormPost = (request: FastifyRequest) =>
  (request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

/**
 * The page of this site the form was sent from, kept with the lead as a short path: what the
 * form sends, else the Referer when it is one of this site's own pages. Another site's Referer
 * (a search results page) says where a visitor came from, never which of our pages the form
 * was on; a "path" that leaves the site (`//evil.example/x`) is no page of ours either.
 */
/**
 * Room for the largest valid request in any script: a 5,000-unit message (UTF-16, as the
 * browser's maxlength counts) is at most 15,000 UTF-8 bytes, 45,000 once form-encoded (%XX for
 * every byte) and 30,000 as JSON \u escapes, with the other fields. 16 KiB lost a
 * 3,010-character Cyrillic message posted without JavaScript.
 */
export const contactBodyLimit = 64 * 1024;

/**
 * The page the visit entered the site on, as the page said (the frame remembers it for the
 * visit): a path of this site only; without one, the page the form was sent from.
 */
export function entryPageOf(sent: string | undefined, sourcePage: string | null): string | null {
  if (!sent) return sourcePage;
  try {
    const base = "http://site.invalid";
    const url = new URL(sent, base);
    return url.origin === base && url.pathname.length <= 200
      ? countedPath(url.pathname)
      : sourcePage;
  } catch {
    return sourcePage;
  }
}

export function sourcePageOf(
  sent: string | undefined,
  request: FastifyRequest,
  ownHosts: readonly string[],
): string | null {
  const base = "http://site.invalid";
  try {
    if (sent) {
      const url = new URL(sent, base);
      return url.origin === base && url.pathname.length <= 200 ? url.pathname : null;
    }
    const referer = request.headers.referer;
    if (typeof referer !== "string") return null;
    const url = new URL(referer);
    const own = ownHosts.some((host) => host.toLowerCase() === url.hostname.toLowerCase());
    return own && url.pathname.length <= 200 ? url.pathname : null;
  } catch {
    return null;
  }
}

/**
 * Where the visit came from. The form sends what the browser kept from the landing page; a
 * form posted without JavaScript has only its Referer (the page it was on), whose query still
 * holds the campaign tags when the visitor landed on that page.
 */
export function visitOf(body: VisitSource, request: FastifyRequest): VisitSource {
  if (body.referrer || body.utmSource || body.utmMedium || body.utmCampaign) return body;
  const referer = request.headers.referer;
  if (typeof referer !== "string") return {};
  try {
    return { referrer: referer, ...utmOf(new URL(referer).search) };
  } catch {
    return {};
  }
}

/**
 * Whether a request without a usable timing token may be judged like a form posted without
 * JavaScript, by the other rules alone: it is a form post, or it does not come from this site's
 * pages (no Origin of ours: an API client, a script). A JSON post from our own page was sent
 * by the form's script, which always asks for a token first; leaving it out is a bot skipping
 * the clock.
 */
function looksSentWithoutScript(request: FastifyRequest, ownHosts: readonly string[]): boolean {
  if (isFormPost(request)) return true;
  const origin = request.headers.origin;
  if (typeof origin !== "string") return true;
  try {
    const host = new URL(origin).hostname.toLowerCase();
    return !ownHosts.some((own) => own.toLowerCase() === host);
  } catch {
    return true;
  }
}

/** Bots fill every field; people never see this one. */
const honeypotFilled = (value: unknown) => typeof value === "string" && value.trim() !== "";

/**
 * The spam verdict on a submission (docs/product.md, "Spam kept for review"): the honeypot
 * filled, a timing token that is forged, too fast or reused, or a JSON post from our own page
 * without one. Null for a person. The token's claim goes with the lead, to be used once.
 */
export function judgeSubmission(
  request: FastifyRequest,
  body: { formToken?: string | undefined; [honeypotField]?: string | undefined },
  { formKey, now, ownHosts }: { formKey: Uint8Array; now: Date; ownHosts: readonly string[] },
): { spam: SpamReason | null; token: FormTokenCheck } {
  const token = checkFormToken(formKey, body.formToken, now);
  const spam: SpamReason | null = honeypotFilled(body[honeypotField])
    ? "honeypot"
    : token.kind === "spam"
      ? token.reason
      : token.kind === "absent" && !looksSentWithoutScript(request, ownHosts)
        ? "no-token"
        : null;
  return { spam, token };
}
