import * as z from "zod/mini";
import { isUuid, leadRecord, leadTexts } from "./lead-record.ts";
import { basedOnTimestamp } from "./lead-update.ts";
import { limits } from "./limits.ts";

/**
 * Duplicate leads and merging them (docs/decisions/041-merging-leads.md): how a duplicate is
 * recognised, what the merge request says, and the answers.
 */

export const mergeTexts = Object.freeze({
  merged: "Merged. Everything of the other lead is now on this one.",
  badFrom: "from must be the ID of the lead to merge into this one.",
  sameLead: "A lead can't be merged into itself.",
  otherGone: "The lead to merge in no longer exists (merged or erased already).",
  badKeep: 'keep.LeadStatus and keep.CommStatus must be "this" or "other".',
  notesTooLong: `Merged, the notes would be longer than ${limits.notes.toLocaleString(
    "en-US",
  )} characters. Shorten the notes of one of the leads first: nothing was merged.`,
  /** The note's heading for what came from the other lead. */
  noteHeading: (name: string, email: string, day: string) =>
    `— Merged from ${name} (${email}), ${day}:`,
});

export const duplicateReasons = ["email", "name-and-phone"] as const;
export type DuplicateReason = (typeof duplicateReasons)[number];

/** Which lead's status the merged lead keeps: this one (the kept lead) or the other. */
const side = z.enum(["this", "other"], { error: mergeTexts.badKeep });

/** `POST /api/leads/{ID}/merge` with `{ from, UpdatedAt?, keep? }`. */
export const mergeBody = z.object(
  {
    from: z
      .string({ error: mergeTexts.badFrom })
      .check(
        z.refine(isUuid, { error: mergeTexts.badFrom }),
        z.toLowerCase(),
        z.describe("The ID of the lead merged into this one; it is gone afterwards."),
      ),
    UpdatedAt: z.optional(
      z
        .nullable(basedOnTimestamp)
        .check(
          z.describe(
            "The kept lead's UpdatedAt the merge is based on: if it changed since, 409 and nothing is merged.",
          ),
        ),
    ),
    keep: z.optional(
      z
        .object(
          { LeadStatus: z.optional(side), CommStatus: z.optional(side) },
          { error: mergeTexts.badKeep },
        )
        .check(
          z.describe(
            "Whose status wins. Left out, each status is the one of the lead updated later.",
          ),
        ),
    ),
  },
  { error: leadTexts.notAnObject },
);
export type MergeBody = z.output<typeof mergeBody>;

export const leadMerged = z
  .object({ message: z.string(), lead: leadRecord })
  .check(z.describe("Merged: the kept lead as it is now."));

export const leadDuplicates = z
  .array(
    z.object({
      lead: leadRecord,
      reason: z
        .enum(duplicateReasons)
        .check(
          z.describe(
            '"email": the same address, whatever its case; "name-and-phone": the same first and last name and a booked call with the same phone number.',
          ),
        ),
    }),
  )
  .check(z.describe("Other leads that look like the same person, newest first (at most 20)."));

/** A 404 for a lead: with `mergedInto` when it was merged into another lead. */
export const leadNotFound = z
  .object({
    message: z.string(),
    mergedInto: z.optional(
      z.string().check(z.describe("The lead it was merged into, whose page opens instead.")),
    ),
  })
  .check(z.describe("No such lead (or it was merged into `mergedInto`)."));
