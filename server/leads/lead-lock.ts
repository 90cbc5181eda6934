import { PostgresAdapter, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Moves of one lead between tables (erase, Mark as spam, Not spam) take turns. Each reads
 * where the lead is and moves it; two at once could each see it where it no longer is (an
 * erased lead copied into Spam, an erase answering 404 for a lead being brought back).
 * PostgreSQL: a transaction-scoped advisory lock on the lead's ID, released at commit.
 * SQLite: nothing to do, its write transactions (BEGIN IMMEDIATE) already run one at a time.
 */
export async function lockLead(trx: Transaction<Database>, id: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(hashtextextended(${id}, 0))`.execute(trx);
}
