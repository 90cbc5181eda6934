import { SqliteAdapter, sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { uuidv7 } from "../db/uuid.ts";
import { lockLead } from "./lead-lock.ts";
import type { Actor } from "./lead-updates.repository.ts";

/** All SQL for erasing a lead for good. */

/**
 * Erases a lead, or a spam submission, with everything that holds its data: the row, its
 * history, its pending e-mails and (by the `leads` delete trigger on SQLite, with the row on
 * PostgreSQL) its search index entry, in one transaction with an audit entry that records
 * the erasure and nothing about the person. False when there is no such lead.
 *
 * On SQLite nothing of it stays in the file either: deleted rows are overwritten
 * (secure_delete), the search index drops its entries (FTS5 secure-delete), and the
 * write-ahead log is checkpointed. On PostgreSQL the old row versions stay in the table's
 * dead space until (auto)vacuum reclaims them, usually within minutes (ADR 013).
 */
export async function eraseLead(db: Db, id: string, actor: Actor, now = new Date()) {
  const erased = await db.transaction().execute(async (trx) => {
    await lockLead(trx, id);
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
  // SQLite: the pages that held the lead are overwritten (secure_delete), but their earlier
  // versions wait in the write-ahead log until a checkpoint; copy it back and empty it now.
  // Best effort: a long read elsewhere can hold it up, and the next checkpoint finishes it.
  if (erased && db.getExecutor().adapter instanceof SqliteAdapter)
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return erased;
}
