import * as z from "zod/mini";
import { isoTimestamp } from "./api.ts";

/**
 * The owner's mailbox as the tracker reads it (docs/conversations.md, "Reading the mailbox"):
 * when it was last read, and the messages set aside instead of imported, each with why. A
 * message is set aside when it cannot be read at all (it would otherwise stop every reply
 * after it), or when it claims a lead's address and its own mail server says that is false.
 */

export const mailboxLimits = Object.freeze({
  /** Deeper HTML is not converted to text: html-to-text recurses once per level. */
  htmlDepth: 1000,
  /** The MIME parts mailparser reads in one message; more are refused by it. */
  mimeParts: 1000,
  /** How long reading one message may take, off the request path, before it is set aside. */
  readSeconds: 10,
  /** Set-aside entries are kept this long (the messages themselves stay in the mailbox). */
  keptDays: 90,
  /** The entries GET /api/mailbox lists, newest first. */
  listed: 100,
});

export const setAsideReasons = ["unreadable", "unverified-sender"] as const;
export type SetAsideReason = (typeof setAsideReasons)[number];

export const mailboxTexts = Object.freeze({
  tooDeep: `Its HTML is nested more than ${mailboxLimits.htmlDepth.toLocaleString("en-US")} levels deep.`,
  tooManyParts: `It has more than ${mailboxLimits.mimeParts.toLocaleString("en-US")} MIME parts.`,
  headerTooLarge: "Its headers are too large.",
  tooSlow: `Reading it took longer than ${mailboxLimits.readSeconds} seconds.`,
  tooMuchMemory: "Reading it needed too much memory.",
  unreadable: (why: string) => `It could not be read as an e-mail (${why}).`,
  unverifiedSender: (failed: string[]) =>
    `It is from a lead's address, but its mail server found the sender forged (${failed.join(", ")}), and it names none of our messages.`,
});

export const setAsideMessage = z
  .object({
    ID: z.string(),
    uid: z.number().check(z.describe("Its UID in the mailbox (under the UIDVALIDITY of then).")),
    size: z.number().check(z.describe("Its size in bytes.")),
    reason: z
      .enum(setAsideReasons)
      .check(
        z.describe(
          "unreadable: its content could not be read (too deep, too many parts, too slow); " +
            "unverified-sender: matched a lead by its From alone, which SPF, DKIM or DMARC failed.",
        ),
      ),
    detail: z.string().check(z.describe("Why, in a sentence for the owner.")),
    from: z.nullable(z.string().check(z.describe("Its From address, when it could be read."))),
    subject: z.nullable(z.string().check(z.describe("Its subject (one line, at most 300)."))),
    messageId: z.nullable(z.string().check(z.describe("Its Message-ID, when it has one."))),
    at: isoTimestamp,
  })
  .register(z.globalRegistry, {
    id: "SetAsideMessage",
    description:
      "A message of the mailbox that was not imported, and why. It stays in the mailbox.",
  });
export type SetAsideMessage = z.output<typeof setAsideMessage>;

/** GET /api/mailbox. */
export const mailboxReport = z
  .object({
    watching: z.boolean().check(z.describe("Replies are read from a mailbox (IMAP_URL is set).")),
    lastReadAt: z.nullable(
      isoTimestamp.check(z.describe("When the mailbox was last read to its end; null: never.")),
    ),
    setAside: z.number().check(z.describe("How many messages are set aside in all.")),
    messages: z
      .array(setAsideMessage)
      .check(z.describe(`The latest ${mailboxLimits.listed} set aside, newest first.`)),
  })
  .register(z.globalRegistry, {
    id: "MailboxReport",
    description: "How the owner's mailbox is read, and what was set aside.",
  });
export type MailboxReport = z.output<typeof mailboxReport>;

/** What GET /readyz says of the mailbox: never a reason to be unready. */
export const mailboxReadiness = z
  .object({
    lastReadAt: z.nullable(isoTimestamp),
    setAside: z.number(),
  })
  .check(
    z.describe(
      "With IMAP_URL set: when the mailbox was last read to its end and how many messages are " +
        "set aside (listed at GET /api/mailbox). Never decides readiness.",
    ),
  );
export type MailboxReadiness = z.output<typeof mailboxReadiness>;
