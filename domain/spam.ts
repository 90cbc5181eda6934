import * as z from "zod/mini";
import { isoTimestamp } from "./api.ts";
import { leadRecord } from "./lead-record.ts";

/**
 * Spam kept for review (ADR 013, ADR 020): what makes a submission spam, why, and the contracts of
 * the spam list and the form's timing token. A visitor is always answered as if the lead were
 * stored normally; only the owner sees the verdict.
 */

/**
 * Less than this between the page being shown (when the form's timing token is issued) and the
 * submission is a bot's speed. Never measured from the first use of the form: autofill fills
 * every field and sends within a second of it (docs/product.md, "Spam kept for review").
 */
export const minimumFillMs = 3000;
/** Spam is deleted this long after it was judged spam. */
export const spamRetentionDays = 30;

export const spamReasons = [
  "honeypot",
  "too-fast",
  "bad-token",
  "reused-token",
  "no-token",
  "repeat",
  "marked",
] as const;
export type SpamReason = (typeof spamReasons)[number];

/** Each reason in the owner's words, as the Spam view shows it. */
export const spamReasonTexts: Record<SpamReason, string> = Object.freeze({
  honeypot: "Filled in the hidden field that only bots see",
  "too-fast": `Sent less than ${minimumFillMs / 1000} seconds after the page was opened`,
  "bad-token": "Sent with a forged or altered form timing token",
  "reused-token": "Sent with a form timing token already used for another message",
  "no-token": "Sent by the site's own form script without its timing token",
  repeat: "Repeats a message you marked as spam, or one kept as spam from two or more addresses",
  marked: "Marked as spam in the tracker",
});

export const spamTexts = Object.freeze({
  notSpam: "Moved to New Leads.",
  marked: "Marked as spam. It is deleted after 30 days.",
});

/** A spam submission as the Spam view lists it: a lead's fields, and the verdict. */
export const spamLead = z
  .object({
    ...leadRecord.shape,
    SpamReason: z.enum(spamReasons),
    SpamAt: z.optional(
      isoTimestamp.check(z.describe("When it was judged spam; deleted 30 days later.")),
    ),
  })
  .register(z.globalRegistry, {
    id: "SpamLead",
    description: "A submission kept as spam, with the reason.",
  });
export type SpamLead = z.output<typeof spamLead>;

export const spamList = z
  .array(spamLead)
  .check(
    z.describe(
      'One page of spam, newest first. While more remain, a `Link: <…>; rel="next"` header gives the next page.',
    ),
  );

/** `GET /api/leads/contact-token`: proof of when the visitor opened the page with the form. */
export const formTokenResponse = z
  .object({
    token: z.string().check(z.describe("Send it back as `formToken` with the contact request.")),
  })
  .check(z.describe("A signed timestamp: a request sent with it sooner than 3 s after is spam."));

/**
 * Shorter messages are never judged repeats: a bot's "Hi, I need a website" must not send
 * every person who writes those words to spam for a month.
 */
export const repeatMinLength = 24;

/**
 * A message as compared for repeats: case, accents' forms and spacing folded, so "BUY now!!"
 * and "buy   now!!" are the same message. Empty messages are never repeats.
 */
export const foldMessage = (message: string) =>
  message.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
