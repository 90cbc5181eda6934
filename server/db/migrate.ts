import type { Kysely } from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import * as createLeads from "./migrations/2026-11-22T10-00-leads.ts";
import * as createOutbox from "./migrations/2026-11-22T10-10-outbox.ts";
import * as createUsersAndSessions from "./migrations/2026-11-22T12-00-users-and-sessions.ts";
import * as createLeadHistory from "./migrations/2026-11-22T14-00-lead-history.ts";
import * as createLeadSearch from "./migrations/2026-11-22T16-00-lead-search.ts";
import * as createDashboardIndexes from "./migrations/2026-11-22T16-30-dashboard-indexes.ts";

/**
 * Every migration, by its date-prefixed name. Listed explicitly rather than read from the
 * folder so the set is checked by the type checker and cannot depend on the working directory.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22T10-00-leads": createLeads,
  "2026-11-22T10-10-outbox": createOutbox,
  "2026-11-22T12-00-users-and-sessions": createUsersAndSessions,
  "2026-11-22T14-00-lead-history": createLeadHistory,
  "2026-11-22T16-00-lead-search": createLeadSearch,
  "2026-11-22T16-30-dashboard-indexes": createDashboardIndexes,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
