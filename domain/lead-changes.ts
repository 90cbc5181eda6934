import * as z from "zod/mini";
import { isIsoTimestamp, isoTimestamp } from "./api.ts";
import { leadFilterQuery } from "./lead-filters.ts";
import { leadRecord } from "./lead-record.ts";

/**
 * The tracker's live updates (ADR 021): an open page asks every few seconds what changed
 * since its last answer, for its own search and filters. Polling, not a stream: any instance
 * behind any proxy answers it from the shared database, and a hidden tab simply stops asking.
 */

/** How often an open, visible tracker asks. The owner sees a new lead within this (and a margin). */
export const liveUpdateMs = 15_000;
/**
 * How far back each question reaches before the last answer's `through`: a lead written by an
 * instance whose clock runs a little behind, or committed a little after the time it records
 * (a retried write), is still seen. What the page already shows is recognised and skipped.
 */
export const liveOverlapMs = 120_000;
/** The most changed leads one answer carries; more means the page should reload its lists. */
export const changesLimit = 200;

export const changesTexts = Object.freeze({
  badSince: "since must be an ISO 8601 UTC timestamp from a previous answer's `through`.",
});

export const leadChangesQuery = z.object({
  ...leadFilterQuery,
  since: z.optional(
    z
      .string({ error: changesTexts.badSince })
      .check(
        z.refine(isIsoTimestamp, { error: changesTexts.badSince }),
        z.describe(
          "Changes from this moment on (a previous answer's `through`, less a margin); left out, only the counts.",
        ),
      ),
  ),
});

export const liveChanges = z
  .object({
    through: isoTimestamp.check(
      z.describe("The server's time of this answer: the next question's `since` starts here."),
    ),
    leads: z
      .array(leadRecord)
      .check(
        z.describe(
          "Leads created or changed since, or brought back from Spam, as stored now; oldest change first.",
        ),
      ),
    matching: z
      .array(z.string())
      .check(z.describe("Of those, the IDs that match the search and filters asked with.")),
    removed: z
      .array(z.string())
      .check(z.describe("IDs of leads that left the lists since: erased, or moved to Spam.")),
    counts: z
      .object({
        new: z.number().check(z.describe("New Leads for the search and filters (not `active`).")),
        old: z.number().check(z.describe("Follow Up With for the search and filters.")),
        due: z.number().check(z.describe("Follow-ups due today or overdue (no filters).")),
      })
      .check(z.describe("How many leads each list has now.")),
    complete: z
      .boolean()
      .check(
        z.describe(
          `False when more than ${changesLimit} leads changed: the page should load its lists again.`,
        ),
      ),
  })
  .register(z.globalRegistry, {
    id: "LiveChanges",
    description: "What changed among the leads since a moment.",
  });
export type LiveChanges = z.output<typeof liveChanges>;
