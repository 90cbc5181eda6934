import * as z from "zod/mini";

/** The visit beacon's schema (the server's; the frame only sends it, domain/visits.ts). */

/** Paths are kept short and plain: a page of this site, never a query or a fragment. */
const pathPattern = /^\/[A-Za-z0-9\-._~/[\]]{0,199}$/;

const optionalText = (max: number) => z.optional(z.catch(z.string().check(z.maxLength(max)), ""));

/** `POST /api/visits`: what the page says of itself; whatever content type it arrives with. */
export const visitBeacon = z.object({
  path: z.string().check(z.regex(pathPattern)),
  referrer: optionalText(2000),
  utm_source: optionalText(200),
  utm_medium: optionalText(200),
  utm_campaign: optionalText(200),
});
export type VisitBeacon = z.output<typeof visitBeacon>;
