import * as z from "zod/mini";
import { bulkLimit, bulkTexts } from "./lead-bulk.ts";
import { isUuid, leadRecord, leadTexts } from "./lead-record.ts";
import { spamLead } from "./spam.ts";

/**
 * Moving many leads at once (ADR 021): to Spam, back from it (Undo), or erased for good, for
 * the junk that gets past the filter. Each is one transaction. A lead already where it was
 * sent (moved or erased a moment ago in another tab) is reported under `missing`, not an
 * error: what the owner asked for holds.
 */

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);
const leads = (n: number) => plural(n, "1 lead", `${n} leads`);

export const moveTexts = Object.freeze({
  toSpam: (n: number) =>
    `${leads(n)} moved to Spam. ${plural(n, "It is", "They are")} deleted after 30 days.`,
  backFromSpam: (n: number) => `${leads(n)} brought back from Spam.`,
  erased: (n: number, diskPending: boolean) =>
    `${leads(n)} and ${plural(n, "its", "their")} history erased${
      diskPending ? "; removal from disk pending" : ""
    }.`,
  /** Not spam for one lead: where it went. */
  backTo: (list: "New Leads" | "Follow Up With") => `Moved back to ${list}.`,
});

/** `{ IDs }`: 1 to 500 lead IDs. */
export const leadIdsBody = z.object(
  {
    IDs: z
      .array(
        z.string({ error: bulkTexts.badIds }).check(z.refine(isUuid, { error: bulkTexts.badIds })),
        { error: bulkTexts.badIds },
      )
      .check(
        z.minLength(1, { error: bulkTexts.badIds }),
        z.maxLength(bulkLimit, { error: bulkTexts.tooMany }),
        z.describe(`1 to ${bulkLimit} lead IDs.`),
      ),
  },
  { error: leadTexts.notAnObject },
);
export type LeadIdsBody = z.input<typeof leadIdsBody>;

const missing = z
  .array(z.string())
  .check(z.describe("IDs that were not there to move (already moved or erased)."));

export const movedToSpam = z
  .object({
    message: z.string(),
    moved: z.array(spamLead).check(z.describe("The leads now in Spam, each kept whole.")),
    missing,
  })
  .check(z.describe("Moved to Spam, in one transaction."));

export const backFromSpam = z
  .object({
    message: z.string(),
    restored: z.array(leadRecord).check(z.describe("The leads as they are back in the lists.")),
    missing,
  })
  .check(z.describe("Brought back from Spam, in one transaction."));

export const erasedLeads = z
  .object({
    message: z.string(),
    erased: z.array(z.string()).check(z.describe("The IDs erased.")),
    missing,
    diskPending: z
      .boolean()
      .check(
        z.describe(
          "True while another program reads the SQLite file: the erased data leaves the disk in the background, soon after.",
        ),
      ),
  })
  .check(z.describe("Erased for good, in one transaction."));
