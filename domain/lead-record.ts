import * as z from "zod/mini";
import { isoTimestamp } from "./api.ts";
import { limits } from "./limits.ts";

/**
 * A lead as the admin API has it (docs/product.md, "Lead tracker"): its two statuses, its
 * fields, its ID, its history, and what the API says about leads. The field names and status
 * values are fixed; the routes and the admin pages share them from here.
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
/** The outcomes: CONVERTED is won, ABANDONED lost; a lead in either is closed. */
export const closedLeadStatuses = ["CONVERTED", "ABANDONED"] as const;
export const isClosedStatus = (status: string) =>
  (closedLeadStatuses as readonly string[]).includes(status);
/** The largest deal value the API takes: a billion currency units. */
export const maxLeadValue = 1_000_000_000;
export type CommStatus = (typeof commStatuses)[number];
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * The statuses in the order a lead moves through them, as the admin's selects offer them; the
 * lists above keep the spec's order, which the API's messages quote.
 */
export const commStatusesInOrder = [
  "UNREAD",
  "REPLIED",
  "CONVERSING",
  "RESOLVED",
  "NO CONTACT",
  "DEAD",
] as const satisfies readonly CommStatus[];
export const leadStatusesInOrder = [
  "HOT",
  "WARM",
  "COLD",
  "CONVERTED",
  "ABANDONED",
] as const satisfies readonly LeadStatus[];

/** A status as the owner reads it, in sentence case ("No contact"); the value stays as it is. */
export const statusLabel = (status: CommStatus | LeadStatus) =>
  status.charAt(0) + status.slice(1).toLowerCase();

export const leadTexts = Object.freeze({
  saved: "Saved changes!",
  /**
   * Fixed (docs/product.md, "Saving"): what a failed save or load shows when the response
   * carries no message.
   */
  failed: "failed to load. reason unknown",
  notFound: "That lead no longer exists.",
  changedSince: "Someone else changed this lead since you opened it. It now shows their changes.",
  badId: "That is not a lead ID.",
  idMismatch: "The lead ID in the body does not match the one in the address.",
  badCommStatus: `Communication status must be one of: ${commStatuses.join(", ")}.`,
  badLeadStatus: `Lead status must be one of: ${leadStatuses.join(", ")}.`,
  badAssignee: "AssignedTo must be the ID of an owner or member of the team, or null for no one.",
  notesTooLong: `Notes can be at most ${limits.notes.toLocaleString("en-US")} characters.`,
  badNotes: "Notes can't contain the invisible NUL character. Please remove it and try again.",
  nothingToUpdate:
    "Send at least one of CommStatus, LeadStatus, Notes, NextFollowUp, Value or AssignedTo.",
  badValue: "Value must be a whole number from 0 to 1,000,000,000 (no cents), or null to clear it.",
  badFollowUp:
    "NextFollowUp must be a real date (YYYY-MM-DD) from 2000 to two years from today, or null to clear it.",
  badUpdatedAt: "UpdatedAt must be the lead's UpdatedAt timestamp.",
  notAnObject: "Send the changes as one JSON object.",
  erased: "The lead and its history are erased.",
  /** Erased, but another program is reading the database file: the copy on disk goes soon. */
  erasedDiskPending: "The lead and its history are erased; removal from disk pending.",
});

/** Lowercase or uppercase hex UUID, any version: a lead ID (docs/product.md, "The lead record"). */
/** A UUID in its usual text form (any case). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && uuidPattern.test(value);

/**
 * A lead as the admin API returns it: exactly the fixed field names (docs/product.md, "The lead
 * record"), plus its page and times. This server always sends the extras; the contract marks
 * them optional, so a client (ours included) works with any answer that has the fixed fields.
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
    // Where the lead came from (ADR 013).
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
    EntryPage: z.optional(
      z
        .nullable(z.string())
        .check(z.describe("The page the visit that became this lead entered the site on.")),
    ),
    Value: z.optional(
      z
        .nullable(z.number())
        .check(
          z.describe(
            "The deal's estimated value, a whole number of CURRENCY units (e.g. USD); null when not set.",
          ),
        ),
    ),
    ClosedAt: z.optional(
      z
        .nullable(isoTimestamp)
        .check(
          z.describe(
            "When the lead last became CONVERTED (won) or ABANDONED (lost); null while it is open.",
          ),
        ),
    ),
    ReplyUnreadAt: z.optional(
      z
        .nullable(isoTimestamp)
        .check(
          z.describe(
            "When the visitor's latest e-mail reply came in, while the owner has not read it; else null.",
          ),
        ),
    ),
    AssignedTo: z.optional(
      z
        .nullable(z.string())
        .check(
          z.describe(
            "The ID of the team member whose lead it is (an owner or a member), or null for no one.",
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

/** One recorded change to a lead (GET /api/leads/{ID}/history). */
export const leadEvent = z
  .object({
    ID: z.string(),
    LeadID: z.string(),
    Field: z
      .enum([
        "CommStatus",
        "LeadStatus",
        "Notes",
        "NextFollowUp",
        "Meeting",
        "Value",
        "AssignedTo",
        "Merged",
      ])
      .check(
        z.describe(
          'A field, or "Meeting": From and To are its start (ISO 8601, UTC), "" before it was booked, "cancelled" after. For AssignedTo, From and To are the e-mails of the people ("" for no one). "Merged": another lead was merged into this one; From is its ID, To its name and e-mail.',
        ),
      ),
    From: z.string(),
    To: z.string(),
    By: z.string().check(z.describe("The e-mail of the account that made the change.")),
    At: isoTimestamp,
    Via: z.optional(
      z
        .nullable(z.enum(["sending", "reply", "round-robin", "removal"]))
        .check(
          z.describe(
            'How the change was made when not by hand: "sending" (the owner\'s first message moved the lead to REPLIED), "reply" (the visitor\'s reply moved it to CONVERSING; By is their address), "round-robin" (given out on arrival; By is "round-robin") or "removal" (its owner left the team; By is who removed them).',
          ),
        ),
    ),
  })
  .register(z.globalRegistry, { id: "LeadEvent", description: "One changed field of one save." });
export type LeadEvent = z.output<typeof leadEvent>;

export const leadHistory = z
  .array(leadEvent)
  .check(z.describe("Every recorded change, newest first (at most 500)."));
