import { SqliteAdapter, sql, type Transaction } from "kysely";
import { markLeadMeetingsChanged } from "../booking/calendar-sync.repository.ts";
import { type Db, sqliteBusyTimeoutMs } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { releaseRegistrations } from "../events/registrations.repository.ts";
import { recordAudit } from "../leads/audit.ts";
import { lockLead } from "../leads/lead-lock.ts";
import type { Actor } from "../leads/lead-updates.repository.ts";
import { eraseConversation } from "../mail/messages.repository.ts";

/** All SQL for erasing a lead for good. */

/**
 * Erases a lead, or a spam submission, with everything that holds its data: the row, its
 * history, its pending e-mails and (by the `leads` delete trigger on SQLite, with the row on
 * PostgreSQL) its search index entry, in one transaction with an audit entry that records
 * the erasure and nothing about the person. False when there is no such lead.
 *
 * On SQLite nothing of it stays in the file either: deleted rows are overwritten
 * (secure_delete) and the search index drops its entries (FTS5 secure-delete); their earlier
 * versions wait in the write-ahead log until it is emptied, which the same transaction records
 * as pending (disk_erasures) for disk-erasure.ts to finish. On PostgreSQL the old row versions
 * stay in the table's dead space until (auto)vacuum reclaims them, usually within minutes
 * (ADR 013).
 */
export async function eraseLead(db: Db, id: string, actor: Actor, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const erased = await eraseIn(trx, id, actor, now);
    if (erased) await recordDiskErasure(trx, now);
    return erased;
  });
}

/**
 * Erases many leads (or spam submissions) in one transaction, as eraseLead does one: those
 * already gone (erased a moment ago in another tab) are reported, not an error, since what
 * the owner asked for, that they be gone, holds.
 */
export async function eraseLeads(
  db: Db,
  ids: readonly string[],
  actor: Actor,
  now = new Date(),
): Promise<{ erased: string[]; missing: string[] }> {
  return db.transaction().execute(async (trx) => {
    const erased: string[] = [];
    const missing: string[] = [];
    // In ID order, so two erasures of overlapping leads take their locks in the same order.
    for (const id of [...new Set(ids)].sort())
      ((await eraseIn(trx, id, actor, now)) ? erased : missing).push(id);
    if (erased.length > 0) await recordDiskErasure(trx, now);
    return { erased, missing };
  });
}

async function eraseIn(trx: Transaction<Database>, id: string, actor: Actor, now: Date) {
  await lockLead(trx, id);
  // Explicit, not left to ON DELETE CASCADE: erasure must not depend on a pragma.
  await trx.deleteFrom("outbox").where("lead_id", "=", id).execute();
  await trx.deleteFrom("lead_events").where("lead_id", "=", id).execute();
  // Old IDs merged into it pointed here (ADR 041); they point nowhere now.
  await trx.deleteFrom("lead_redirects").where("kept_id", "=", id).execute();
  // Its calls go too, and with them their events in the owner's calendar (after the commit).
  await markLeadMeetingsChanged(trx, id, now);
  await trx.deleteFrom("meetings").where("lead_id", "=", id).execute();
  // Its event registrations, their seats given back.
  await releaseRegistrations(trx, id);
  // Its conversation, and the mark that its address had an instant reply today.
  const email = await trx
    .selectFrom("leads")
    .select("email")
    .where("id", "=", id)
    .union(trx.selectFrom("spam_leads").select("email").where("id", "=", id))
    .executeTakeFirst();
  await eraseConversation(trx, id, email?.email);
  const lead = await trx.deleteFrom("leads").where("id", "=", id).executeTakeFirst();
  const spam = await trx.deleteFrom("spam_leads").where("id", "=", id).executeTakeFirst();
  if (Number(lead.numDeletedRows) + Number(spam.numDeletedRows) === 0) return false;
  await recordAudit(trx, "lead.erased", id, actor, now);
  return true;
}

/** SQLite: the erased rows' earlier pages wait in the write-ahead log; disk-erasure.ts ends that. */
async function recordDiskErasure(trx: Transaction<Database>, now: Date) {
  if (isSqlite(trx))
    await trx
      .insertInto("disk_erasures")
      .values({ id: uuidv7(now.getTime()), created_at: now.toISOString() })
      .execute();
}

const isSqlite = (db: Db | Transaction<Database>) =>
  db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Copies the write-ahead log back into the database file and empties it (TRUNCATE), without
 * waiting: a reader still on an older snapshot makes it give up at once (busy) instead of
 * holding node:sqlite's synchronous connection, and so the whole server, for busy_timeout.
 * When it succeeds, the pending erasures are done and their rows go; that delete is the only
 * thing in the log afterwards. True when nothing is pending any more.
 */
export async function emptyWriteAheadLog(db: Db): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    await sql`pragma busy_timeout = 0`.execute(connection);
    try {
      const { rows } = await sql<{ busy: number; log: number }>`
        pragma wal_checkpoint(TRUNCATE)`.execute(connection);
      if (Number(rows[0]?.busy) !== 0) return false;
    } finally {
      await sql.raw(`pragma busy_timeout = ${sqliteBusyTimeoutMs}`).execute(connection);
    }
    await connection.deleteFrom("disk_erasures").execute();
    return true;
  });
}
