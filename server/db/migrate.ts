import {
  type DatabaseIntrospector,
  type Kysely,
  SqliteAdapter,
  sql,
  type TableMetadata,
} from "kysely";
import { type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import * as createLeads from "./migrations/2026-11-22T10-00-leads.ts";
import * as createOutbox from "./migrations/2026-11-22T10-10-outbox.ts";
import * as createUsersAndSessions from "./migrations/2026-11-22T12-00-users-and-sessions.ts";
import * as createLeadHistory from "./migrations/2026-11-22T14-00-lead-history.ts";
import * as createLeadSearch from "./migrations/2026-11-22T16-00-lead-search.ts";
import * as createDashboardIndexes from "./migrations/2026-11-22T16-30-dashboard-indexes.ts";
import * as createLoginThrottle from "./migrations/2026-11-23T10-00-login-throttle.ts";
import * as createFollowUps from "./migrations/2026-11-23T14-00-follow-ups.ts";
import * as createTriage from "./migrations/2026-11-23T18-00-triage.ts";
import * as createSharedState from "./migrations/2026-11-25T06-00-shared-state.ts";
import * as addTokenVersion from "./migrations/2026-11-26T09-00-token-version.ts";
import * as createDiskErasures from "./migrations/2026-11-26T10-00-disk-erasures.ts";
import * as createFormTokenUses from "./migrations/2026-11-26T11-00-form-token-uses.ts";
import * as keepWorkedSpam from "./migrations/2026-11-26T12-00-spam-keeps-worked-leads.ts";
import * as nameSourceSites from "./migrations/2026-11-26T13-00-source-site-names.ts";
import * as createBooking from "./migrations/2026-11-27T09-00-booking.ts";
import * as recordMeetings from "./migrations/2026-11-27T10-00-meeting-history.ts";
import * as createCalendarSync from "./migrations/2026-11-28T09-00-calendar-sync.ts";
import * as createConversations from "./migrations/2026-11-28T12-00-conversations.ts";
import * as addDealValue from "./migrations/2026-11-28T15-00-deal-value.ts";
import * as createVisits from "./migrations/2026-11-28T18-00-visits.ts";
import * as createEventRegistrations from "./migrations/2026-11-29T09-00-event-registrations.ts";
import * as createMailSetAside from "./migrations/2026-11-30T09-00-mail-set-aside.ts";
import * as keepLessOfVisitors from "./migrations/2026-11-30T11-00-privacy.ts";
import * as rememberClients from "./migrations/2026-11-30T12-00-client-caps.ts";
import * as meetingLocation from "./migrations/2026-12-01T09-00-meeting-location.ts";
import * as createContent from "./migrations/2026-12-02T09-00-content.ts";
import * as createMedia from "./migrations/2026-12-02T10-00-media.ts";
import * as renderedPages from "./migrations/2026-12-02T11-00-rendered-pages.ts";
import * as registrationSequence from "./migrations/2026-12-03T09-00-registration-sequence.ts";
import * as createTeamRoles from "./migrations/2026-12-04T09-00-team-roles.ts";
import * as createTeam from "./migrations/2026-12-04T10-00-team.ts";
import * as createTwoFactor from "./migrations/2026-12-04T11-00-two-factor.ts";
import * as createAuditLog from "./migrations/2026-12-04T12-00-audit-log.ts";
import * as createLeadOwners from "./migrations/2026-12-05T09-00-lead-owners.ts";
import * as createTwoFactorPolicy from "./migrations/2026-12-05T10-00-two-factor-policy.ts";
import * as selfService from "./migrations/2026-12-06T09-00-self-service.ts";
import * as createWebhooks from "./migrations/2026-12-07T09-00-webhooks.ts";
import * as leadImport from "./migrations/2026-12-07T10-00-lead-import.ts";
import * as mergeLeads from "./migrations/2026-12-07T11-00-lead-merge.ts";
import * as keepSpamRedirects from "./migrations/2026-12-07T12-00-spam-redirects.ts";
import * as createPasskeys from "./migrations/2026-12-08T09-00-passkeys.ts";
import { withNestedTransactionsAsSavepoints } from "./node-sqlite-adapter.ts";

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
  "2026-11-23T10-00-login-throttle": createLoginThrottle,
  "2026-11-23T14-00-follow-ups": createFollowUps,
  "2026-11-23T18-00-triage": createTriage,
  "2026-11-25T06-00-shared-state": createSharedState,
  "2026-11-26T09-00-token-version": addTokenVersion,
  "2026-11-26T10-00-disk-erasures": createDiskErasures,
  "2026-11-26T11-00-form-token-uses": createFormTokenUses,
  "2026-11-26T12-00-spam-keeps-worked-leads": keepWorkedSpam,
  "2026-11-26T13-00-source-site-names": nameSourceSites,
  "2026-11-27T09-00-booking": createBooking,
  "2026-11-27T10-00-meeting-history": recordMeetings,
  "2026-11-28T09-00-calendar-sync": createCalendarSync,
  "2026-11-28T12-00-conversations": createConversations,
  "2026-11-28T15-00-deal-value": addDealValue,
  "2026-11-28T18-00-visits": createVisits,
  "2026-11-29T09-00-event-registrations": createEventRegistrations,
  "2026-11-30T09-00-mail-set-aside": createMailSetAside,
  "2026-11-30T11-00-privacy": keepLessOfVisitors,
  "2026-11-30T12-00-client-caps": rememberClients,
  "2026-12-01T09-00-meeting-location": meetingLocation,
  "2026-12-02T09-00-content": createContent,
  "2026-12-02T10-00-media": createMedia,
  "2026-12-02T11-00-rendered-pages": renderedPages,
  "2026-12-03T09-00-registration-sequence": registrationSequence,
  "2026-12-04T09-00-team-roles": createTeamRoles,
  "2026-12-04T10-00-team": createTeam,
  "2026-12-04T11-00-two-factor": createTwoFactor,
  "2026-12-04T12-00-audit-log": createAuditLog,
  "2026-12-05T09-00-lead-owners": createLeadOwners,
  "2026-12-05T10-00-two-factor-policy": createTwoFactorPolicy,
  "2026-12-06T09-00-self-service": selfService,
  "2026-12-07T09-00-webhooks": createWebhooks,
  "2026-12-07T11-00-lead-merge": mergeLeads,
  "2026-12-07T10-00-lead-import": leadImport,
  "2026-12-07T12-00-spam-redirects": keepSpamRedirects,
  "2026-12-08T09-00-passkeys": createPasskeys,
};

/**
 * The migrator for this database. On PostgreSQL its bookkeeping tables are named in the
 * database's current schema: Kysely otherwise takes a table of that name in any schema as its
 * own, and a database with several schemas (one per instance, or per test run) migrates into
 * a schema whose lock table it never created.
 *
 * Kysely also looks for those tables by reading every schema's tables, calling
 * pg_get_serial_sequence on each by name: a schema another client drops meanwhile (another
 * tenant of a shared server, a test run's throwaway schema) fails that read with
 * invalid_schema_name, however often it is retried while the other client keeps going. So the
 * migrator sees the database through `inSchema`, whose introspection reads this schema only.
 */
export async function migratorFor(
  db: Kysely<unknown>,
  list: Record<string, Migration> = migrations,
): Promise<Migrator> {
  const provider = { getMigrations: async () => list };
  if (db.getExecutor().adapter instanceof SqliteAdapter) return new Migrator({ db, provider });
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db))
    .rows[0]?.schema;
  if (!schema) return new Migrator({ db, provider });
  return new Migrator({ db: inSchema(db, schema), provider, migrationTableSchema: schema });
}

/** `db`, but its introspection lists the tables of `schema` alone (names, no columns). */
function inSchema(db: Kysely<unknown>, schema: string): Kysely<unknown> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: () => getTables(),
  };
  const getTables = async (): Promise<TableMetadata[]> =>
    (
      await sql<{ name: string; kind: string }>`
        select c.relname as name, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'f')`.execute(db)
    ).rows.map((row) => ({
      name: row.name,
      schema,
      isView: row.kind === "v" || row.kind === "m",
      isForeign: row.kind === "f",
      columns: [],
    }));
  // Kysely's methods read private fields, so they are called on the real instance.
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** How long a process waits for another's migrations (SQLite's write lock) before giving up. */
const migrationLockWaitMs = 120_000;

/**
 * Applies pending migrations, all in one transaction: on PostgreSQL under Kysely's advisory
 * lock, on SQLite under the write lock (node-sqlite-adapter.ts). Instances starting at the
 * same moment apply each migration exactly once; the others wait, then find nothing to do.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  /** All of them; a test of one migration stops before it. */
  list: Record<string, Migration> = migrations,
): Promise<MigrationResultSet> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const migrator = await migratorFor(db, list);
  // A long migration in another process is worth waiting for, more than the usual 5 s.
  if (sqlite) await sql.raw(`pragma busy_timeout = ${migrationLockWaitMs}`).execute(db);
  try {
    const result = sqlite
      ? await withNestedTransactionsAsSavepoints(() => migrator.migrateToLatest())
      : await migrator.migrateToLatest();
    if (result.error) throw result.error;
    return result;
  } finally {
    if (sqlite) await sql`pragma busy_timeout = 5000`.execute(db);
  }
}
