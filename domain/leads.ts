/**
 * Leads: the spec's statuses, limits, contact-form rules and API shapes (spec sections 3–5, 7, 8).
 * One module, used by the contact form in the browser and by the API on the server.
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

/** Spec section 9. */
export const limits = Object.freeze({
  email: 320,
  password: 60,
  username: 50,
  // Not in the spec: generous bounds so a request cannot store megabytes.
  name: 100,
  message: 5000,
  notes: 10_000,
});

export const contactTexts = Object.freeze({
  invalidEmail: "Invalid email. Please fix and try again",
  invalidFirstName: "Invalid first name. Please fix and try again",
  invalidLastName: "Invalid last name. Please fix and try again",
  success: "We'll be in touch shortly!",
  failure: "Submission failed. Please try again!",
  nameTooLong: `Names can be at most ${limits.name} characters. Please shorten and try again`,
  messageTooLong: `Messages can be at most ${limits.message} characters. Please shorten and try again`,
});

/** The contact payload of spec section 3. */
export type ContactRequest = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
};

/**
 * A standard address pattern: one @, a local part without spaces, a dotted domain whose
 * labels are letters, digits and inner hyphens. (The HTML spec's "valid e-mail address"
 * plus a required dot in the domain, which is what a deliverable address needs.)
 */
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length > 0 && email.length <= limits.email && emailPattern.test(email);
}

export type ContactValidation =
  | { ok: true; value: ContactRequest }
  | { ok: false; message: string };

/**
 * Spec section 5, in its order: email, first name, last name; the message is not validated
 * (beyond a size bound). Values are trimmed before checking, so "  " is empty.
 */
export function validateContact(input: {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  message?: unknown;
}): ContactValidation {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const email = text(input.email);
  const firstName = text(input.firstName);
  const lastName = text(input.lastName);
  const message = typeof input.message === "string" ? input.message.trim() : "";
  if (!isValidEmail(email)) return { ok: false, message: contactTexts.invalidEmail };
  if (!firstName) return { ok: false, message: contactTexts.invalidFirstName };
  if (!lastName) return { ok: false, message: contactTexts.invalidLastName };
  if (firstName.length > limits.name || lastName.length > limits.name) {
    return { ok: false, message: contactTexts.nameTooLong };
  }
  if (message.length > limits.message) return { ok: false, message: contactTexts.messageTooLong };
  return { ok: true, value: { firstName, lastName, email, message } };
}

/** A lead as the admin API returns it: exactly the spec's field names, plus timestamps. */
export type LeadRecord = {
  readonly ID: string;
  readonly FirstName: string;
  readonly LastName: string;
  readonly Email: string;
  readonly Message: string;
  readonly ContactedUs: boolean;
  readonly LeadStatus: LeadStatus;
  readonly CommStatus: CommStatus;
  readonly Notes: string;
  readonly SourcePage: string | null;
  readonly CreatedAt: string;
  readonly UpdatedAt: string;
};

/** Name of the invisible honeypot field; people never fill it, naive bots do. */
export const honeypotField = "company_website";

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
  nothingToUpdate: "Send at least one of CommStatus, LeadStatus or Notes.",
  badUpdatedAt: "UpdatedAt must be the lead's UpdatedAt timestamp.",
});

/** Lowercase or uppercase hex UUID, any version (spec section 5's "UUID pattern"). */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && uuidPattern.test(value);

/** What an update may change; absent fields stay as they are. */
export type LeadChanges = {
  readonly CommStatus?: CommStatus;
  readonly LeadStatus?: LeadStatus;
  readonly Notes?: string;
};

export type LeadUpdate = {
  readonly id: string;
  readonly changes: LeadChanges;
  /** The UpdatedAt the client's copy was based on, when it sent one (optimistic concurrency). */
  readonly basedOn?: string;
};

/**
 * `POST /api/leads/update/{ID}` with `{ ID, CommStatus, LeadStatus, Notes, UpdatedAt? }`.
 * The spec's page always sends all three fields; other callers may send fewer.
 */
export function validateLeadUpdate(
  pathId: string,
  input: Record<string, unknown>,
): { ok: true; value: LeadUpdate } | { ok: false; message: string } {
  if (!isUuid(pathId)) return { ok: false, message: leadTexts.badId };
  if (
    input.ID !== undefined &&
    (typeof input.ID !== "string" || input.ID.toLowerCase() !== pathId.toLowerCase())
  )
    return { ok: false, message: leadTexts.idMismatch };
  const changes: { CommStatus?: CommStatus; LeadStatus?: LeadStatus; Notes?: string } = {};
  if (input.CommStatus !== undefined) {
    if (!commStatuses.includes(input.CommStatus as CommStatus))
      return { ok: false, message: leadTexts.badCommStatus };
    changes.CommStatus = input.CommStatus as CommStatus;
  }
  if (input.LeadStatus !== undefined) {
    if (!leadStatuses.includes(input.LeadStatus as LeadStatus))
      return { ok: false, message: leadTexts.badLeadStatus };
    changes.LeadStatus = input.LeadStatus as LeadStatus;
  }
  if (input.Notes !== undefined && input.Notes !== null) {
    if (typeof input.Notes !== "string" || input.Notes.length > limits.notes)
      return { ok: false, message: leadTexts.notesTooLong };
    changes.Notes = input.Notes;
  }
  if (Object.keys(changes).length === 0) return { ok: false, message: leadTexts.nothingToUpdate };
  let basedOn: string | undefined;
  if (input.UpdatedAt !== undefined && input.UpdatedAt !== null) {
    const at =
      typeof input.UpdatedAt === "string" ? new Date(input.UpdatedAt) : new Date(Number.NaN);
    if (Number.isNaN(at.getTime())) return { ok: false, message: leadTexts.badUpdatedAt };
    basedOn = at.toISOString();
  }
  return { ok: true, value: { id: pathId.toLowerCase(), changes, basedOn } };
}

/** Search and filters of the lead tracker, mirrored in its URL and the API's query string. */
export type LeadFilters = {
  /** Words to find in the name, e-mail or message (case-insensitive). */
  readonly q?: string;
  readonly comm?: CommStatus;
  readonly lead?: LeadStatus;
};

export const searchMaxLength = 200;

/** Reads filters from query parameters; unknown or empty values are ignored, never an error. */
export function parseLeadFilters(params: { get(name: string): string | null }): LeadFilters {
  const q = (params.get("q") ?? "").trim().slice(0, searchMaxLength);
  const comm = params.get("comm");
  const lead = params.get("lead");
  return {
    ...(q ? { q } : {}),
    ...(commStatuses.includes(comm as CommStatus) ? { comm: comm as CommStatus } : {}),
    ...(leadStatuses.includes(lead as LeadStatus) ? { lead: lead as LeadStatus } : {}),
  };
}

/** One recorded change to a lead (GET /api/leads/{ID}/history). */
export type LeadEvent = {
  readonly ID: string;
  readonly LeadID: string;
  readonly Field: "CommStatus" | "LeadStatus" | "Notes";
  readonly From: string;
  readonly To: string;
  readonly By: string;
  readonly At: string;
};

/** The dashboard's numbers (GET /api/leads/stats). */
export type LeadStats = {
  readonly newLeads: number;
  readonly followingUp: number;
  readonly convertedThisMonth: number;
  /** Leads received per week (`start`: Monday 00:00 UTC, YYYY-MM-DD), oldest first, by current lead status. */
  readonly weeks: ReadonlyArray<LeadWeek>;
};

export type LeadWeek = { readonly start: string; readonly counts: Record<LeadStatus, number> };
