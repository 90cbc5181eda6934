import type { Selectable, Transaction } from "kysely";
import type { LeadRecord, LeadUpdate } from "../../domain/leads.ts";
import type { Db } from "../db/connect.ts";
import { type Database, type LeadsTable, toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/** All SQL for leads. Functions take the database first and return API-shaped values. */

export const repeatWindowMs = 10 * 60 * 1000;

export type NewContactLead = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
  readonly sourcePage: string | null;
};

export function toLeadRecord(row: Selectable<LeadsTable>): LeadRecord {
  return {
    ID: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    Message: row.message,
    ContactedUs: Boolean(row.contacted_us),
    LeadStatus: row.lead_status as LeadRecord["LeadStatus"],
    CommStatus: row.comm_status as LeadRecord["CommStatus"],
    Notes: row.notes,
    SourcePage: row.source_page,
    CreatedAt: toIso(row.created_at),
    UpdatedAt: toIso(row.updated_at),
  };
}

type Trx = Transaction<Database>;

export type ContactLeadWrite = { lead: NewContactLead; now?: Date; notify?: boolean };
export type ContactLeadResult = { id: string; duplicate: boolean };

/** The same email and message within ten minutes (a double click, a retry) is stored once. */
async function insertContactLead(
  trx: Trx,
  { lead, now = new Date(), notify = false }: ContactLeadWrite,
): Promise<ContactLeadResult> {
  const since = new Date(now.getTime() - repeatWindowMs).toISOString();
  const repeat = await trx
    .selectFrom("leads")
    .select("id")
    .where("email", "=", lead.email)
    .where("created_at", ">=", since)
    .where("message", "=", lead.message)
    .limit(1)
    .executeTakeFirst();
  if (repeat) return { id: repeat.id, duplicate: true };

  const id = uuidv7(now.getTime());
  const at = now.toISOString();
  await trx
    .insertInto("leads")
    .values({
      id,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      message: lead.message,
      contacted_us: true,
      lead_status: "WARM",
      comm_status: "UNREAD",
      notes: "",
      source_page: lead.sourcePage,
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (notify) {
    await trx
      .insertInto("outbox")
      .values({
        id: uuidv7(now.getTime()),
        kind: "lead-notification",
        lead_id: id,
        payload: JSON.stringify({ leadId: id }),
        next_attempt_at: at,
        created_at: at,
      })
      .execute();
  }
  return { id, duplicate: false };
}

/**
 * Stores a contact request as an UNREAD, WARM lead, with its notification in the same
 * transaction when `notify` is set, and resolves only after the commit.
 */
export async function createContactLead(
  db: Db,
  lead: NewContactLead,
  options: { now?: Date; notify?: boolean } = {},
): Promise<ContactLeadResult> {
  return db.transaction().execute((trx) => insertContactLead(trx, { lead, ...options }));
}

/**
 * Several contact requests in one transaction: one commit (one fsync) for all of them.
 * Resolves after the commit, with one result per write, in order.
 */
export async function createContactLeads(
  db: Db,
  writes: readonly ContactLeadWrite[],
): Promise<ContactLeadResult[]> {
  return db.transaction().execute(async (trx) => {
    const results: ContactLeadResult[] = [];
    for (const write of writes) results.push(await insertContactLead(trx, write));
    return results;
  });
}

export async function findLead(db: Db, id: string): Promise<LeadRecord | undefined> {
  const row = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toLeadRecord(row) : undefined;
}

export async function countLeads(db: Db): Promise<number> {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which list: "New Leads" (UNREAD, newest first) or "Follow Up With" (the rest, latest update first). */
export type LeadList = "new" | "old";

/** Where a page ended: the sort timestamp and id of its last lead. */
export type LeadCursor = { readonly at: string; readonly id: string };

export type LeadPage = { readonly leads: LeadRecord[]; readonly next: LeadCursor | null };

/**
 * One page of a list, in a stable order (timestamp, then id, both descending) so paging never
 * skips or repeats a lead that ties on time. Keyset paging: cost does not grow with depth.
 */
export async function listLeads(
  db: Db,
  list: LeadList,
  { limit, after }: { limit: number; after?: LeadCursor },
): Promise<LeadPage> {
  const column = list === "new" ? "created_at" : "updated_at";
  let query = db
    .selectFrom("leads")
    .selectAll()
    .where("comm_status", list === "new" ? "=" : "<>", "UNREAD");
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb(column, "<", after.at),
        eb.and([eb(column, "=", after.at), eb("id", "<", after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy(column, "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map(toLeadRecord);
  const last = page.at(-1);
  const next =
    rows.length > limit && last
      ? { at: list === "new" ? last.CreatedAt : last.UpdatedAt, id: last.ID }
      : null;
  return { leads: page, next };
}

/** "New Leads": UNREAD, newest first. */
export async function listNewLeads(db: Db, limit = 100): Promise<LeadRecord[]> {
  return (await listLeads(db, "new", { limit })).leads;
}

export type LeadUpdateResult =
  | { kind: "updated"; lead: LeadRecord }
  | { kind: "not-found" }
  | { kind: "stale"; lead: LeadRecord };

/**
 * Applies an update as a compare-and-swap on UpdatedAt, the same on SQLite and PostgreSQL
 * without row locks: read the lead, then write only if it is still the version we read. With
 * `basedOn` (the UpdatedAt the caller saw) a lead changed since is never overwritten; the
 * caller gets the current lead back instead. Without it the last writer wins, retried on a race.
 */
export async function updateLead(
  db: Db,
  update: LeadUpdate,
  now = new Date(),
): Promise<LeadUpdateResult> {
  for (;;) {
    const row = await db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", update.id)
      .executeTakeFirst();
    if (!row) return { kind: "not-found" };
    const current = toLeadRecord(row);
    if (update.basedOn && update.basedOn !== current.UpdatedAt)
      return { kind: "stale", lead: current };
    const { CommStatus, LeadStatus, Notes } = update.changes;
    // Strictly after the version it replaces, so every version has its own UpdatedAt even
    // within one millisecond or with a clock behind the last writer's.
    const at = new Date(Math.max(now.getTime(), Date.parse(current.UpdatedAt) + 1)).toISOString();
    const written = await db
      .updateTable("leads")
      .set({
        ...(CommStatus !== undefined ? { comm_status: CommStatus } : {}),
        ...(LeadStatus !== undefined ? { lead_status: LeadStatus } : {}),
        ...(Notes !== undefined ? { notes: Notes } : {}),
        updated_at: at,
      })
      .where("id", "=", update.id)
      .where("updated_at", "=", current.UpdatedAt)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 1)
      return { kind: "updated", lead: { ...current, ...update.changes, UpdatedAt: at } };
    // Someone else wrote between our read and our write: read again and decide again.
  }
}
