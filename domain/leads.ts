import * as z from "zod/mini";
import { isIsoTimestamp, isoTimestamp, textCheck } from "./api.ts";
import { addDays, type CalendarDate, isCalendarDate } from "./dates.ts";
import { sourceFilterOf } from "./lead-source.ts";
import { limits } from "./limits.ts";

/**
 * Leads as the admin API has them (spec sections 3, 4, 7, 8): statuses, texts, and the
 * schemas of the tracker's requests and responses, shared by the routes and the admin pages.
 */

export const commStatuses = [
  "RESOLVED",
  "NO CONTACT",
  "DEAD",
  "UNREAD",
  "REPLIED",
  "CONVERSING",
] as const;
export const leadStatuses = ["CONVERTED", "ABANDONED", "COLD", "WARM", "HOT"] as const;
export type CommStatus = (typeof commStatuses)[number];
export type LeadStatus = (typeof leadStatuses)[number];

export const leadTexts = Object.freeze({
  saved: "Saved changes!",
  /** Spec section 8: what a failed save or load shows when the response carries no message. */
  failed: "failed to load. reason unknown",
  notFound: "That lead no longer exists.",
  changedSince: "Someone else changed this lead since you opened it. It now shows their changes.",
  badId: "That is not a lead ID.",
  idMismatch: "The lead ID in the body does not match the one in the address.",
  badCommStatus: `Communication status must be one of: ${commStatuses.join(", ")}.`,
  badLeadStatus: `Lead status must be one of: ${leadStatuses.join(", ")}.`,
  notesTooLong: `Notes can be at most ${limits.notes.toLocaleString("en-US")} characters.`,
  badNotes: "Notes can't contain the invisible NUL character. Please remove it and try again.",
  nothingToUpdate: "Send at least one of CommStatus, LeadStatus, Notes or NextFollowUp.",
  badFollowUp:
    "NextFollowUp must be a real date (YYYY-MM-DD) from 2000 to two years from today, or null to clear it.",
  badUpdatedAt: "UpdatedAt must be the lead's UpdatedAt timestamp.",
  notAnObject: "Send the changes as one JSON object.",
  erased: "The lead and its history are erased.",
  /** Erased, but another program is reading the database file: the copy on disk goes soon. */
  erasedDiskPending: "The lead and its history are erased; removal from disk pending.",
});

export const pagingTexts = Object.freeze({
  badLimit: "limit must be a whole number from 1 to 200.",
  badCursor: "That cursor is not valid. Start again from the first page.",
});

/** Paging of the lead lists: `?limit=&cursor=`, answered with `Link: <…>; rel="next"`. */
export const pageSize = Object.freeze({ default: 50, max: 200 });

/** Lowercase or uppercase hex UUID, any version (spec section 5's "UUID pattern"). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && uuidPattern.test(value);

/**
 * A lead as the admin API returns it: exactly the spec's field names (section 3), plus its
 * page and times. This server always sends the extras; the contract marks them optional, so a
 * client (ours included) works with any answer that has the spec's fields.
 */
export const leadRecord = z
  .object({
    ID: z.string().check(z.describe("UUID (version 7: sorts by arrival).")),
    FirstName: z.string(),
    LastName: z.string(),
    Email: z.string(),
    Message: z.string(),
    ContactedUs: z.boolean(),
    LeadStatus: z.enum(leadStatuses),
    CommStatus: z.enum(commStatuses),
    Notes: z.string(),
    SourcePage: z.optional(
      z.nullable(z.string()).check(z.describe("The page the form was sent from.")),
    ),
    CreatedAt: z.optional(isoTimestamp),
    UpdatedAt: z.optional(isoTimestamp),
    NextFollowUp: z.optional(
      z
        .nullable(z.string())
        .check(
          z.describe(
            "The day of the next follow-up (YYYY-MM-DD, in the owner's time zone), or null.",
          ),
        ),
    ),
    // Where the lead came from (issue 12).
    Referrer: z.optional(
      z.nullable(z.string()).check(z.describe("The site that sent the visitor (origin and path).")),
    ),
    UtmSource: z.optional(z.nullable(z.string())),
    UtmMedium: z.optional(z.nullable(z.string())),
    UtmCampaign: z.optional(z.nullable(z.string())),
    Source: z.optional(
      z
        .nullable(z.string())
        .check(
          z.describe(
            'One label for where the lead came from: utm_source, the referring site, or "direct".',
          ),
        ),
    ),
  })
  .register(z.globalRegistry, { id: "Lead", description: "A lead, as the tracker shows it." });
export type LeadRecord = z.output<typeof leadRecord>;
/** A lead as this server holds it: every field the API can send, always present. */
export type StoredLead = Required<LeadRecord>;

/** `/api/leads/{id}/…`: a lead's ID in the address. */
export const leadIdParams = z.object({
  id: z
    .string({ error: leadTexts.badId })
    .check(z.regex(uuidPattern, { error: leadTexts.badId }), z.toLowerCase()),
});

/** What an update may change; absent fields stay as they are. */
export type LeadChanges = {
  readonly CommStatus?: CommStatus;
  readonly LeadStatus?: LeadStatus;
  readonly Notes?: string;
  /** A date to set, or null to clear it. */
  readonly NextFollowUp?: CalendarDate | null;
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

/**
 * `POST /api/leads/update/{ID}` with `{ ID, CommStatus, LeadStatus, Notes, UpdatedAt? }`. The
 * spec's page always sends all three fields; other callers may send fewer, at least one.
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
        body.NextFollowUp !== undefined,
      { error: leadTexts.nothingToUpdate },
    ),
  );
export type LeadUpdateBody = z.input<typeof leadUpdateBody>;

export const leadSaved = z
  .object({ message: z.string(), lead: z.optional(leadRecord) })
  .check(z.describe('Saved: "Saved changes!" and the lead as stored.'));
export const leadConflict = z
  .object({ message: z.string(), lead: leadRecord })
  .check(z.describe("Changed since UpdatedAt: nothing written; the lead as it is now."));

/** Which follow-ups a list shows: overdue (before today), due today, or due within a week. */
export const dueFilters = ["overdue", "today", "week"] as const;
export type DueFilter = (typeof dueFilters)[number];

/** Search and filters of the lead tracker, mirrored in its URL and the API's query string. */
export type LeadFilters = {
  /** Words to find in the name, e-mail or message (case-insensitive). */
  readonly q?: string;
  readonly comm?: CommStatus;
  readonly lead?: LeadStatus;
  readonly due?: DueFilter;
  /** Where the lead came from: its Source label. */
  readonly source?: string;
  /** Only leads still in play: not RESOLVED or DEAD, not CONVERTED or ABANDONED. */
  readonly active?: boolean;
};

/** What "Active only" leaves out: conversations that are over and leads that are decided. */
export const closedCommStatuses = ["RESOLVED", "DEAD"] as const satisfies readonly CommStatus[];
export const closedLeadStatuses = [
  "CONVERTED",
  "ABANDONED",
] as const satisfies readonly LeadStatus[];

export const searchMaxLength = 200;

/** A yes/no query parameter: "1" or "true" is yes; anything else, no. */
export const isOn = (value: string | null | undefined) => value === "1" || value === "true";

/** Reads filters from query parameters; unknown or empty values are ignored, never an error. */
export function parseLeadFilters(params: { get(name: string): string | null }): LeadFilters {
  const q = (params.get("q") ?? "").trim().slice(0, searchMaxLength);
  const comm = params.get("comm");
  const lead = params.get("lead");
  const due = params.get("due");
  const source = sourceFilterOf(params.get("source"));
  return {
    ...(q ? { q } : {}),
    ...(commStatuses.includes(comm as CommStatus) ? { comm: comm as CommStatus } : {}),
    ...(leadStatuses.includes(lead as LeadStatus) ? { lead: lead as LeadStatus } : {}),
    ...(dueFilters.includes(due as DueFilter) ? { due: due as DueFilter } : {}),
    ...(source ? { source } : {}),
    ...(isOn(params.get("active")) ? { active: true } : {}),
  };
}

/** Filters never refuse a request: an unknown or repeated value is ignored, like an absent one. */
const filterQuery = {
  q: z.optional(
    z.catch(
      z.string().check(z.describe("Words that must all appear in the name, e-mail or message.")),
      "",
    ),
  ),
  comm: z.catch(z.optional(z.enum(commStatuses)), undefined),
  lead: z.catch(z.optional(z.enum(leadStatuses)), undefined),
  due: z.catch(
    z.optional(
      z
        .enum(dueFilters)
        .check(
          z.describe(
            "Follow-ups: overdue (before today), today, or week (today and the six days after), in the owner's time zone.",
          ),
        ),
    ),
    undefined,
  ),
  source: z.optional(
    z.catch(
      z
        .string()
        .check(
          z.describe('A lead source label (the lead\'s `Source`, e.g. "google" or "direct").'),
        ),
      "",
    ),
  ),
  active: z.optional(
    z.catch(
      z
        .string()
        .check(
          z.describe(
            "1 or true: only leads still in play (not RESOLVED or DEAD, not CONVERTED or ABANDONED).",
          ),
        ),
      "",
    ),
  ),
};

export const leadListQuery = z.object({
  ...filterQuery,
  limit: z.optional(
    z.pipe(
      z.string({ error: pagingTexts.badLimit }).check(
        z.refine(
          (value) => /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= pageSize.max,
          { error: pagingTexts.badLimit },
        ),
        z.describe(`Leads per page, 1 to ${pageSize.max} (default ${pageSize.default}).`),
      ),
      z.transform(Number),
    ),
  ),
  cursor: z.optional(
    z
      .string({ error: pagingTexts.badCursor })
      .check(
        z.maxLength(200, { error: pagingTexts.badCursor }),
        z.describe("From the previous page's Link header; opaque."),
      ),
  ),
});

/** `GET /api/leads/due`: paging only; the list is what is due in the owner's time zone today. */
export const dueListQuery = z.object({
  limit: leadListQuery.shape.limit,
  cursor: leadListQuery.shape.cursor,
});

export const leadList = z
  .array(leadRecord)
  .check(
    z.describe(
      'One page of leads. While more remain, a `Link: <…>; rel="next"` header gives the next page.',
    ),
  );

export const leadExportQuery = z.object({
  ...filterQuery,
  list: z.optional(z.catch(z.enum(["new", "old", "all"]), "all")),
});

/** One recorded change to a lead (GET /api/leads/{ID}/history). */
export const leadEvent = z
  .object({
    ID: z.string(),
    LeadID: z.string(),
    Field: z.enum(["CommStatus", "LeadStatus", "Notes", "NextFollowUp"]),
    From: z.string(),
    To: z.string(),
    By: z.string().check(z.describe("The e-mail of the account that made the change.")),
    At: isoTimestamp,
  })
  .register(z.globalRegistry, { id: "LeadEvent", description: "One changed field of one save." });
export type LeadEvent = z.output<typeof leadEvent>;

export const leadHistory = z
  .array(leadEvent)
  .check(z.describe("Every recorded change, newest first (at most 500)."));

const statusCounts = z.object(
  Object.fromEntries(leadStatuses.map((status) => [status, z.number()])) as Record<
    LeadStatus,
    z.ZodMiniNumber
  >,
);

export const leadWeek = z.object({
  start: z.string().check(z.describe("Monday of the week, YYYY-MM-DD, in the owner's time zone.")),
  counts: statusCounts,
});
export type LeadWeek = z.output<typeof leadWeek>;

/** The dashboard's numbers (GET /api/leads/stats). */
export const leadStats = z
  .object({
    newLeads: z.number(),
    followingUp: z.number(),
    convertedThisMonth: z.number(),
    weeks: z
      .array(leadWeek)
      .check(z.describe("Leads received per week, oldest first, by current lead status.")),
    // Added with follow-ups (issue 11): optional, so a client reads an older answer too.
    overdue: z.optional(z.number().check(z.describe("Follow-ups whose day has passed."))),
    dueToday: z.optional(z.number()),
    waitingOver24h: z.optional(
      z.number().check(z.describe("Unread leads that arrived over 24 hours ago.")),
    ),
    firstReply: z.optional(
      z
        .object({
          days: z.number(),
          arrived: z.optional(
            z.number().check(z.describe("Leads that arrived in those days, answered or not.")),
          ),
          leads: z.number().check(z.describe("Of those, the leads that have had a reply.")),
          medianMinutes: z.nullable(z.number()),
          p90Minutes: z.nullable(z.number()),
        })
        .check(
          z.describe(
            "Speed to lead: time from arrival to the first change away from UNREAD, for the leads of the last `days` days that have had one.",
          ),
        ),
    ),
    sources: z.optional(
      z
        .array(
          z.object({
            source: z
              .nullable(z.string())
              .check(z.describe("The Source label; null for leads from before it was recorded.")),
            leads: z.number(),
          }),
        )
        .check(z.describe("Leads of the last 30 days by source, most first (at most 10).")),
    ),
    timeZone: z.optional(
      z.string().check(z.describe("The owner's time zone: months and weeks start there.")),
    ),
    today: z.optional(z.string().check(z.describe("Today's date in that zone (YYYY-MM-DD)."))),
    erasuresPendingOnDisk: z.optional(
      z
        .number()
        .check(
          z.describe(
            "Erased leads whose removal from the database file is still pending (SQLite, while another program reads it); 0 when none.",
          ),
        ),
    ),
  })
  .register(z.globalRegistry, { id: "LeadStats", description: "The dashboard's numbers." });
export type LeadStats = z.output<typeof leadStats>;

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
