import type { Selectable, Transaction } from "kysely";
import type { LeadRecord } from "../../domain/leads.ts";
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

/** "New Leads": UNREAD, newest first. */
export async function listNewLeads(db: Db, limit = 100): Promise<LeadRecord[]> {
  const rows = await db
    .selectFrom("leads")
    .selectAll()
    .where("comm_status", "=", "UNREAD")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toLeadRecord);
}
