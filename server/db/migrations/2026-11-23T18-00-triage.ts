import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Triage (issue 12): where each lead came from, spam kept apart for review instead of dropped,
// and an audit trail of erasures that holds no personal data.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const uuid = sqlite ? "text" : "uuid";
  const timestamp = sqlite ? "text" : "timestamptz";

  // The visit a lead came from: the referrer and campaign tags of its landing page, and one
  // short label derived from them ("google", "newsletter", "direct") to filter and count by.
  for (const column of ["referrer", "utm_source", "utm_medium", "utm_campaign", "source"])
    await db.schema.alterTable("leads").addColumn(column, "text").execute();
  // Filtering by source (newest first), and the dashboard's last 30 days by source, each
  // answered from an index alone.
  await db.schema
    .createIndex("leads_source_created_at")
    .on("leads")
    .columns(["source", "created_at"])
    .execute();
  await db.schema
    .createIndex("leads_created_at_source")
    .on("leads")
    .columns(["created_at", "source"])
    .execute();

  // An erased lead leaves no trace in SQLite's search index: FTS5's secure-delete removes a
  // deleted row's entries from the index itself, not only from the results.
  if (sqlite)
    await sql`insert into leads_search (leads_search, rank) values ('secure-delete', 1)`.execute(
      db,
    );

  // Submissions judged to be spam: the same fields as a lead, never in the lists, the search,
  // the counts or the e-mails, until the owner says "Not spam". Apart from `leads` so that
  // none of the tracker's queries has to remember to leave them out.
  await db.schema
    .createTable("spam_leads")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("source_page", "text")
    .addColumn("referrer", "text")
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("source", "text")
    // Why: honeypot, too-fast, bad-token, repeat or marked.
    .addColumn("reason", "text", (c) => c.notNull())
    // The message, folded (case, spacing) and hashed: a repeat of it is spam too.
    .addColumn("message_hash", "text")
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    // When it was judged spam: it is deleted 30 days after.
    .addColumn("flagged_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("spam_leads_created_at_id")
    .on("spam_leads")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("spam_leads_message_hash")
    .on("spam_leads")
    .column("message_hash")
    .execute();
  await db.schema
    .createIndex("spam_leads_flagged_at")
    .on("spam_leads")
    .column("flagged_at")
    .execute();
  await db.schema
    .createIndex("spam_leads_email_created_at")
    .on("spam_leads")
    .columns(["email", "created_at"])
    .execute();

  // What was done to data that is gone: which action, by whom, when, and the lead's ID (a
  // random identifier, meaningless once the lead is erased). Never a name, address or message.
  await db.schema
    .createTable("audit_events")
    .addColumn("id", sql.raw(uuid), (c) => c.primaryKey())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actor_id", sql.raw(uuid))
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("subject_id", sql.raw(uuid))
    .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_events_created_at")
    .on("audit_events")
    .column("created_at")
    .execute();
}
