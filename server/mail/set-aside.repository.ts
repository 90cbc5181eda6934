import { mailboxLimits, type SetAsideMessage, type SetAsideReason } from "../../domain/mailbox.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/**
 * All SQL for the messages of the watched mailbox set aside instead of imported
 * (docs/conversations.md, "Reading the mailbox"), and what the owner, /readyz and /metrics
 * are told about the mailbox.
 */

export type SetAsideEntry = {
  mailbox: string;
  uidValidity: string;
  uid: number;
  size: number;
  reason: SetAsideReason;
  detail: string;
  from: string | null;
  subject: string | null;
  messageId: string | null;
};

/**
 * Records a message as set aside, once (the mailbox read again after a restart, a takeover
 * or a new UIDVALIDITY finds it there already): true when it is new.
 */
export async function setAside(db: Db, entry: SetAsideEntry, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto("mail_set_aside")
    .values({
      id: uuidv7(now.getTime()),
      mailbox: entry.mailbox,
      uid_validity: entry.uidValidity,
      uid: entry.uid,
      size: entry.size,
      reason: entry.reason,
      detail: entry.detail.slice(0, 500),
      from_address: entry.from?.slice(0, 320) ?? null,
      subject: entry.subject?.slice(0, 300) ?? null,
      message_id: entry.messageId?.slice(0, 1000) ?? null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(["mailbox", "uid_validity", "uid"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Entries older than mailboxLimits.keptDays go: they name people, and the mail is still there. */
export async function forgetOldSetAside(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - mailboxLimits.keptDays * 86_400_000).toISOString();
  await db.deleteFrom("mail_set_aside").where("created_at", "<", before).execute();
}

/** When the mailbox was last read to its end, and how many of its messages are set aside. */
export async function mailboxSummary(
  db: Db,
  mailbox: string,
): Promise<{ lastReadAt: string | null; setAside: number }> {
  const [state, counted] = await Promise.all([
    db
      .selectFrom("mailbox_state")
      .select("checked_at")
      .where("mailbox", "=", mailbox)
      .executeTakeFirst(),
    db
      .selectFrom("mail_set_aside")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("mailbox", "=", mailbox)
      .executeTakeFirst(),
  ]);
  return {
    lastReadAt: state?.checked_at ? toIso(state.checked_at) : null,
    setAside: Number(counted?.count ?? 0),
  };
}

/** The latest entries set aside from a mailbox, newest first. */
export async function listSetAside(
  db: Db,
  mailbox: string,
  limit: number = mailboxLimits.listed,
): Promise<SetAsideMessage[]> {
  const rows = await db
    .selectFrom("mail_set_aside")
    .selectAll()
    .where("mailbox", "=", mailbox)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ID: row.id,
    uid: Number(row.uid),
    size: Number(row.size),
    reason: row.reason,
    detail: row.detail,
    from: row.from_address,
    subject: row.subject,
    messageId: row.message_id,
    at: toIso(row.created_at),
  }));
}
