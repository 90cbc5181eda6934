import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// The messages of the owner's mailbox set aside instead of imported (docs/conversations.md,
// "Reading the mailbox"): one whose content cannot be read, and one that claims a lead's
// address by its From alone while its own mail server found the sender forged. Each is named
// by the mailbox, its UIDVALIDITY and UID (a mailbox read again sets nothing aside twice),
// with its size, why, and what of its headers could be read, bounded. The message itself
// stays in the mailbox; entries go after 90 days.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("mail_set_aside")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("mailbox", "text", (c) => c.notNull())
    .addColumn("uid_validity", "text", (c) => c.notNull())
    .addColumn("uid", "bigint", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql.raw("reason in ('unreadable','unverified-sender')")),
    )
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("from_address", "text")
    .addColumn("subject", "text")
    .addColumn("message_id", "text")
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addUniqueConstraint("mail_set_aside_message", ["mailbox", "uid_validity", "uid"])
    .execute();
  await db.schema
    .createIndex("mail_set_aside_mailbox_created")
    .on("mail_set_aside")
    .columns(["mailbox", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_set_aside").execute();
}
