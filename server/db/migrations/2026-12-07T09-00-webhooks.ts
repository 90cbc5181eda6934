import { type Kysely, SqliteAdapter, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// Outgoing webhooks (docs/integrations.md, docs/decisions/039): each webhook's URL, the events
// it wants (a JSON array), its format and its signing secret (sealed under a key derived from
// the server's signing key); and one delivery per event and webhook, queued in the transaction
// of the change it tells of, with its attempts (a JSON array) and the lease an instance holds
// while it sends. A delivery's id is the Standard Webhooks message id (`msg_…`), the same on
// every attempt and replay.

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const timestamp = sql.raw(sqlite ? "text" : "timestamptz");

  await db.schema
    .createTable("webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("format", "text", (c) =>
      c.notNull().defaultTo("standard").check(sql.raw("format in ('standard','slack')")),
    )
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("updated_at", timestamp, (c) => c.notNull())
    .addColumn("paused_at", timestamp)
    .addColumn("pause_reason", "text")
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("webhook_id", "text", (c) =>
      c.notNull().references("webhooks.id").onDelete("cascade"),
    )
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql.raw("status in ('pending','delivered','failed','skipped')")),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("attempt_log", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("next_attempt_at", timestamp, (c) => c.notNull())
    .addColumn("locked_until", timestamp)
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_webhook")
    .on("webhook_deliveries")
    .columns(["webhook_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_created")
    .on("webhook_deliveries")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhooks").execute();
}
