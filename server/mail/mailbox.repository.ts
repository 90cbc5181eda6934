import type { ExpressionBuilder } from "kysely";
import type { ImapSettings } from "../config-mail.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";

/**
 * All SQL for the watched mailbox: one instance at a time holds it (a lease, like the
 * outbox's), and how far it has been read is kept with it, so a restart or another instance
 * goes on from there.
 */

/** The mailbox's name in the database: account, server and folder, never the password. */
export const mailboxKey = (imap: ImapSettings) =>
  `${imap.username}@${imap.host}:${imap.port}/${imap.mailbox}`;

const free = (holder: string, at: string) => (eb: ExpressionBuilder<Database, "mailbox_state">) =>
  eb.or([eb("holder", "is", null), eb("holder", "=", holder), eb("locked_until", "<", at)]);

/**
 * Takes (or renews) the lease on a mailbox for `holder`; false while another instance holds
 * it. The row is made on first use.
 */
export async function holdMailbox(
  db: Db,
  mailbox: string,
  holder: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const at = now.toISOString();
  await db
    .insertInto("mailbox_state")
    .values({ mailbox, holder: null, locked_until: null, uid_validity: null, last_uid: 0 })
    .onConflict((oc) => oc.column("mailbox").doNothing())
    .execute();
  const held = await db
    .updateTable("mailbox_state")
    .set({ holder, locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where("mailbox", "=", mailbox)
    .where(free(holder, at))
    .executeTakeFirst();
  return Number(held.numUpdatedRows) === 1;
}

/** Lets go of the lease, so another instance may watch at once. */
export async function releaseMailbox(db: Db, mailbox: string, holder: string): Promise<void> {
  await db
    .updateTable("mailbox_state")
    .set({ holder: null, locked_until: null })
    .where("mailbox", "=", mailbox)
    .where("holder", "=", holder)
    .execute();
}

/** How far the mailbox has been read: the UIDVALIDITY it was read under and the last UID. */
export async function mailboxProgress(
  db: Db,
  mailbox: string,
): Promise<{ uidValidity: string | null; lastUid: number }> {
  const row = await db
    .selectFrom("mailbox_state")
    .select(["uid_validity", "last_uid"])
    .where("mailbox", "=", mailbox)
    .executeTakeFirst();
  return { uidValidity: row?.uid_validity ?? null, lastUid: Number(row?.last_uid ?? 0) };
}

/**
 * Records that every message up to `lastUid` has been looked at; only by the lease's holder,
 * so an instance that lost the lease mid-read cannot move the mark back.
 */
export async function saveMailboxProgress(
  db: Db,
  mailbox: string,
  holder: string,
  progress: { uidValidity: string; lastUid: number },
  now: Date,
): Promise<boolean> {
  const saved = await db
    .updateTable("mailbox_state")
    .set({
      uid_validity: progress.uidValidity,
      last_uid: progress.lastUid,
      checked_at: now.toISOString(),
    })
    .where("mailbox", "=", mailbox)
    .where("holder", "=", holder)
    .executeTakeFirst();
  return Number(saved.numUpdatedRows) === 1;
}
