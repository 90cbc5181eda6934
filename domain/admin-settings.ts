import * as z from "zod/mini";

/** What the admin screens need to know about the owner's clock (GET /api/settings). */
export const adminSettings = z
  .object({
    timeZone: z.string().check(z.describe("The owner's IANA time zone (TIMEZONE).")),
    today: z.string().check(z.describe("Today's date there (YYYY-MM-DD).")),
    digestHour: z.nullable(
      z.number().check(z.describe("The hour the daily digest goes out there, or null when off.")),
    ),
    mail: z.optional(
      z
        .object({
          sending: z.boolean().check(z.describe("E-mail can be sent (SMTP_URL and MAIL_FROM).")),
          from: z.nullable(z.string().check(z.describe("The address visitors get mail from."))),
          autoReply: z.boolean().check(z.describe("Every new lead gets the instant reply.")),
          replyToToken: z.boolean().check(z.describe("Reply-To carries the lead's token.")),
          receiving: z.boolean().check(z.describe("Replies are read from the mailbox (IMAP_URL).")),
        })
        .check(z.describe("How conversations with visitors are set up.")),
    ),
    currency: z.optional(
      z.string().check(z.describe("The currency of deal values (CURRENCY, ISO 4217).")),
    ),
    staleDays: z.optional(
      z
        .number()
        .check(z.describe("Days unchanged after which an open lead is stale (STALE_DAYS).")),
    ),
    calendar: z.optional(
      z.boolean().check(z.describe("The owner's own calendar is connected (CALDAV_URL).")),
    ),
    studioName: z.optional(
      z.string().check(z.describe("The studio's name, as its site settings have it now.")),
    ),
  })
  .check(z.describe("The owner's time zone and today's date in it."));
export type AdminSettings = z.output<typeof adminSettings>;
