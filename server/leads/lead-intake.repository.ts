import type { Transaction } from "kysely";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { enqueueLeadNotification } from "../notifications/outbox.repository.ts";

/** All SQL for contact intake: a visitor's request becoming a stored lead. */

export const repeatWindowMs = 10 * 60 * 1000;

export type NewContactLead = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
  readonly sourcePage: string | null;
};

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
  if (notify) await enqueueLeadNotification(trx, id, now);
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
