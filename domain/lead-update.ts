import * as z from "zod/mini";
import { isIsoTimestamp, textCheck } from "./api.ts";
import { addDays, type CalendarDate, isCalendarDate } from "./dates.ts";
import {
  type CommStatus,
  commStatuses,
  isUuid,
  type LeadStatus,
  leadRecord,
  leadStatuses,
  leadTexts,
  maxLeadValue,
} from "./lead-record.ts";
import { limits } from "./limits.ts";

/**
 * Saving a lead (`POST /api/leads/update/{ID}`): what may change, the follow-up date's rules,
 * the stale-update check on UpdatedAt, and the answers.
 */

/** What an update may change; absent fields stay as they are. */
export type LeadChanges = {
  readonly CommStatus?: CommStatus;
  readonly LeadStatus?: LeadStatus;
  readonly Notes?: string;
  /** A date to set, or null to clear it. */
  readonly NextFollowUp?: CalendarDate | null;
  /** The deal's value in whole currency units, or null to clear it. */
  readonly Value?: number | null;
  /** The team member whose lead it becomes (a user ID), or null for no one. */
  readonly AssignedTo?: string | null;
};

export type LeadUpdate = {
  readonly id: string;
  readonly changes: LeadChanges;
  /** The UpdatedAt the client's copy was based on, when it sent one (optimistic concurrency). */
  readonly basedOn?: string;
};

/** How far ahead a follow-up may be set: two years, so a typo in the year is caught. */
export const followUpHorizonDays = 2 * 366;

/** A follow-up day: a real date (YYYY-MM-DD) from 2000 on. */
export const isFollowUpDate = (value: string) => isCalendarDate(value) && value >= "2000-01-01";

/** Not further ahead than two years from the owner's today (checked where that is known). */
export const isWithinHorizon = (value: CalendarDate, today: CalendarDate) =>
  value <= addDays(today, followUpHorizonDays);

/**
 * A timestamp from the API, in any spelling JavaScript reads, that is still one once written
 * the API's way (four-digit year from 1970: "9999-12-31T23:59:59-05:00" is year 10000 in UTC).
 */
const readsAsApiTimestamp = (value: string) => {
  const time = Date.parse(value);
  return (
    /^\d{4}-/.test(value.trim()) &&
    !Number.isNaN(time) &&
    isIsoTimestamp(new Date(time).toISOString())
  );
};
export const basedOnTimestamp = z.pipe(
  z
    .string({ error: leadTexts.badUpdatedAt })
    .check(z.refine(readsAsApiTimestamp, { error: leadTexts.badUpdatedAt })),
  z.transform((value) => new Date(value).toISOString()),
);

/** A follow-up day to set, or null to clear it (the two-year horizon is checked by the route). */
export const followUpDate = z.nullable(
  z
    .string({ error: leadTexts.badFollowUp })
    .check(z.refine(isFollowUpDate, { error: leadTexts.badFollowUp })),
);

/** A deal value to set (whole currency units, 0 to a billion), or null to clear it. */
export const leadValue = z.nullable(
  z
    .number({ error: leadTexts.badValue })
    .check(
      z.int({ error: leadTexts.badValue }),
      z.gte(0, { error: leadTexts.badValue }),
      z.lte(maxLeadValue, { error: leadTexts.badValue }),
    ),
);

/** Whose lead it becomes: a team member's ID (checked against the team by the server), or null. */
export const assigneeId = z.nullable(
  z.pipe(
    z
      .string({ error: leadTexts.badAssignee })
      .check(z.refine(isUuid, { error: leadTexts.badAssignee })),
    z.transform((id) => id.toLowerCase()),
  ),
);

/**
 * `POST /api/leads/update/{ID}` with `{ ID, CommStatus, LeadStatus, Notes, UpdatedAt? }`. The
 * tracker always sends all three fields, as fixed (docs/product.md, "Saving"); other callers
 * may send fewer, at least one.
 */
export const leadUpdateBody = z
  .object(
    {
      ID: z.optional(
        z
          .string({ error: leadTexts.idMismatch })
          .check(z.describe("Must equal the ID in the path.")),
      ),
      CommStatus: z.optional(z.enum(commStatuses, { error: leadTexts.badCommStatus })),
      LeadStatus: z.optional(z.enum(leadStatuses, { error: leadTexts.badLeadStatus })),
      Notes: z.optional(
        z.nullable(
          z
            .string({ error: leadTexts.notesTooLong })
            .check(
              z.maxLength(limits.notes, { error: leadTexts.notesTooLong }),
              textCheck(leadTexts.badNotes),
            ),
        ),
      ),
      NextFollowUp: z.optional(
        followUpDate.check(
          z.describe(
            "The day of the next follow-up (YYYY-MM-DD), or null to clear it. Left out, it stays as it is.",
          ),
        ),
      ),
      Value: z.optional(
        leadValue.check(
          z.describe(
            "The deal's estimated value, a whole number of CURRENCY units from 0, or null to clear it. Left out, it stays as it is.",
          ),
        ),
      ),
      AssignedTo: z.optional(
        assigneeId.check(
          z.describe(
            "The ID of the owner or member whose lead it becomes, or null for no one. Left out, it stays as it is. They are e-mailed, unless it is their own doing.",
          ),
        ),
      ),
      UpdatedAt: z.optional(
        z
          .nullable(basedOnTimestamp)
          .check(
            z.describe(
              "The UpdatedAt the change is based on: if the lead changed since, 409 and nothing is written.",
            ),
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
        (body.Notes !== undefined && body.Notes !== null) ||
        body.NextFollowUp !== undefined ||
        body.Value !== undefined ||
        body.AssignedTo !== undefined,
      { error: leadTexts.nothingToUpdate },
    ),
  );

export const leadSaved = z
  .object({ message: z.string(), lead: z.optional(leadRecord) })
  .check(z.describe('Saved: "Saved changes!" and the lead as stored.'));
export const leadConflict = z
  .object({ message: z.string(), lead: leadRecord })
  .check(z.describe("Changed since UpdatedAt: nothing written; the lead as it is now."));
