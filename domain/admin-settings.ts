import * as z from "zod/mini";

/** What the admin screens need to know about the owner's clock (GET /api/settings). */
export const adminSettings = z
  .object({
    timeZone: z.string().check(z.describe("The owner's IANA time zone (TIMEZONE).")),
    today: z.string().check(z.describe("Today's date there (YYYY-MM-DD).")),
    digestHour: z.nullable(
      z.number().check(z.describe("The hour the daily digest goes out there, or null when off.")),
    ),
  })
  .check(z.describe("The owner's time zone and today's date in it."));
export type AdminSettings = z.output<typeof adminSettings>;
