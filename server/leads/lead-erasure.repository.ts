import type { Db } from "../db/connect.ts";
import { uuidv7 } from "../db/uuid.ts";
import type { Actor } from "./lead-updates.repository.ts";

/** All SQL for erasing a lead for good. */

/**
 * Erases a lead, or a spam submission, with everything that holds its data: the row, its
 * history, its pending e-mails and (by the `leads` delete trigger on SQLite, with the row on
 * PostgreSQL) its search index entry, in one transaction with an audit entry that records
 * the erasure and nothing about the person. False when there is no such lead.
 */
export async function eraseLead(db: Db, id: string, actor: Actor, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    // Explicit, not left to ON DELETE CASCADE: erasure must not depend on a pragma.
    await trx.deleteFrom("outbox").where("lead_id", "=", id).execute();
    await trx.deleteFrom("lead_events").where("lead_id", "=", id).execute();
    const lead = await trx.deleteFrom("leads").where("id", "=", id).executeTakeFirst();
    const spam = await trx.deleteFrom("spam_leads").where("id", "=", id).executeTakeFirst();
    if (Number(lead.numDeletedRows) + Number(spam.numDeletedRows) === 0) return false;
    await trx
      .insertInto("audit_events")
      .values({
        id: uuidv7(now.getTime()),
        action: "lead.erased",
        actor_id: actor.id,
        actor_email: actor.email,
        subject_id: id,
        created_at: now.toISOString(),
      })
      .execute();
    return true;
  });
}
