import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Issue 26, conversations: the e-mails sent to a lead and the replies that came back, the
// owner's reply templates, the instant replies already sent (once per address a day), the
// mailbox being watched (which instance, and how far it has read), a lead's unread reply, and
// history lines that say a change was made by sending or by a reply.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  await db.schema
    .createTable("lead_messages")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("lead_id", sql.raw(uuid), (c) =>
      c.notNull().references("leads.id").onDelete("cascade"),
    )
    .addColumn("direction", "text", (c) => c.notNull().check(sql.raw("direction in ('out','in')")))
    // What it is: the instant reply, a message the owner wrote, or the visitor's reply.
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql.raw("kind in ('auto-reply','message','reply')")),
    )
    .addColumn("from_address", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // The RFC 5322 Message-ID, <…>: what a reply names in In-Reply-To and References, and, for
    // a message that came in, what keeps it from being imported twice.
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("in_reply_to", "text")
    .addColumn("references_header", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql.raw("status in ('queued','sent','failed','received')")),
    )
    .addColumn("error", "text")
    // Names and sizes only (JSON); attachments themselves are never stored.
    .addColumn("attachments", "text")
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("sent_at", sql.raw(timestamp))
    .execute();
  await db.schema
    .createIndex("lead_messages_lead_created")
    .on("lead_messages")
    .columns(["lead_id", "created_at"])
    .execute();

  await db.schema
    .createTable("message_templates")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();

  // One row per address (a keyed hash, never the address): the last instant reply it got.
  await db.schema
    .createTable("auto_replies")
    .addColumn("address_hash", "text", (c) => c.primaryKey())
    .addColumn("sent_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();

  // The watched mailbox: which instance holds it (a lease), and the last UID read under the
  // mailbox's UIDVALIDITY (a new UIDVALIDITY means reading it again from the start).
  await db.schema
    .createTable("mailbox_state")
    .addColumn("mailbox", "text", (c) => c.primaryKey())
    .addColumn("holder", "text")
    .addColumn("locked_until", sql.raw(timestamp))
    .addColumn("uid_validity", "text")
    .addColumn("last_uid", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("checked_at", sql.raw(timestamp))
    .execute();

  // When the visitor's latest reply came in, until the owner has read it.
  await db.schema.alterTable("leads").addColumn("reply_unread_at", sql.raw(timestamp)).execute();
  await db.schema
    .createIndex("leads_reply_unread")
    .on("leads")
    .column("reply_unread_at")
    .where(sql<boolean>`reply_unread_at is not null`)
    .execute();
  // A lead moved to Spam keeps its conversation too (JSON), for Not spam to bring back.
  await db.schema.alterTable("spam_leads").addColumn("conversation", "text").execute();
  // How a change was made, when not by hand: "sending" (the owner's first message) or "reply".
  await db.schema.alterTable("lead_events").addColumn("via", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lead_events").dropColumn("via").execute();
  await db.schema.alterTable("spam_leads").dropColumn("conversation").execute();
  await db.schema.dropIndex("leads_reply_unread").execute();
  await db.schema.alterTable("leads").dropColumn("reply_unread_at").execute();
  await db.schema.dropTable("mailbox_state").execute();
  await db.schema.dropTable("auto_replies").execute();
  await db.schema.dropTable("message_templates").execute();
  await db.schema.dropTable("lead_messages").execute();
}
