import * as z from "zod/mini";
import { commStatuses, isUuid, leadRecord, leadStatuses, leadTexts } from "./lead-record.ts";
import { assigneeId, basedOnTimestamp, followUpDate, leadValue } from "./lead-update.ts";

/**
 * Bulk updates (ADR 013): one status or follow-up date for many leads in one request and one
 * transaction, `POST /api/leads/bulk-update`.
 */

export const bulkLimit = 500;

export const bulkTexts = Object.freeze({
  badIds: `IDs must be a list of 1 to ${bulkLimit} lead IDs.`,
  tooMany: `At most ${bulkLimit} leads at a time. Select fewer and try again.`,
  nothingToSet:
    "Send at least one of CommStatus, LeadStatus, NextFollowUp, Value or AssignedTo to set.",
  unknown: (n: number) =>
    n === 1
      ? "One of these leads no longer exists. Nothing was changed."
      : `${n} of these leads no longer exist. Nothing was changed.`,
  saved: (n: number) => (n === 1 ? "Saved changes to 1 lead!" : `Saved changes to ${n} leads!`),
  conflicts: (saved: number, stale: number) =>
    `Saved changes to ${saved} of ${saved + stale} leads. ${
      stale === 1 ? "One was" : `${stale} were`
    } changed by someone else since you loaded ${stale === 1 ? "it" : "them"} and ${
      stale === 1 ? "was" : "were"
    } left as ${stale === 1 ? "it is" : "they are"}.`,
});

/**
 * A lead to change: its ID, or its ID and the UpdatedAt the change is based on (a lead changed
 * since is reported back, not overwritten).
 */
const bulkTarget = z.union([
  z.string({ error: bulkTexts.badIds }).check(z.refine(isUuid, { error: bulkTexts.badIds })),
  z.object(
    {
      ID: z
        .string({ error: bulkTexts.badIds })
        .check(z.refine(isUuid, { error: bulkTexts.badIds })),
      UpdatedAt: z.optional(z.nullable(basedOnTimestamp)),
    },
    { error: bulkTexts.badIds },
  ),
]);

export const bulkUpdateBody = z
  .object(
    {
      IDs: z
        .array(bulkTarget, { error: bulkTexts.badIds })
        .check(
          z.minLength(1, { error: bulkTexts.badIds }),
          z.maxLength(bulkLimit, { error: bulkTexts.tooMany }),
          z.describe(
            `1 to ${bulkLimit} leads: each an ID, or { ID, UpdatedAt } to change it only if it is still that version.`,
          ),
        ),
      CommStatus: z.optional(z.enum(commStatuses, { error: leadTexts.badCommStatus })),
      LeadStatus: z.optional(z.enum(leadStatuses, { error: leadTexts.badLeadStatus })),
      NextFollowUp: z.optional(
        followUpDate.check(z.describe("A date (YYYY-MM-DD) for every lead, or null to clear it.")),
      ),
      Value: z.optional(
        leadValue.check(
          z.describe("A deal value for every lead (whole units), or null to clear it."),
        ),
      ),
      AssignedTo: z.optional(
        assigneeId.check(
          z.describe("The owner or member whose leads they all become, or null for no one."),
        ),
      ),
    },
    { error: leadTexts.notAnObject },
  )
  .check(
    z.refine(
      (body) =>
        body.CommStatus !== undefined ||
        body.LeadStatus !== undefined ||
        body.NextFollowUp !== undefined ||
        body.Value !== undefined ||
        body.AssignedTo !== undefined,
      { error: bulkTexts.nothingToSet },
    ),
  );
export type BulkUpdateBody = z.input<typeof bulkUpdateBody>;

export const bulkUpdated = z
  .object({
    message: z.string(),
    updated: z.array(leadRecord).check(z.describe("The leads changed, as stored now.")),
    conflicts: z
      .array(leadRecord)
      .check(
        z.describe(
          "Leads changed by someone else since the UpdatedAt sent with them: left as they are, shown as they are now.",
        ),
      ),
  })
  .check(z.describe("Saved, all or all but the conflicts, in one transaction."));
export type BulkUpdated = z.output<typeof bulkUpdated>;

export const bulkUnknown = z
  .object({
    message: z.string(),
    unknown: z.array(z.string()).check(z.describe("The IDs of leads that do not exist.")),
  })
  .check(z.describe("Some leads do not exist: nothing was changed."));
