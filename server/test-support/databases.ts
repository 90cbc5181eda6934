import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import { type DatabaseHandle, openPostgres, openSqlite } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { migrationTimeouts } from "../db/postgres-pool.ts";

/**
 * The engines every repository and API suite runs against: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Each opened database is fresh: a new SQLite file, or a new
 * PostgreSQL schema dropped on close, so runs never collide.
 */
/** A test's database, and a way to open it again as another instance would (its own pool). */
export type TestDatabase = DatabaseHandle & { readonly sibling: () => DatabaseHandle };

export type TestEngine = {
  readonly name: "sqlite" | "postgres";
  /**
   * A fresh database; `{ migrate: false }` leaves it empty, for tests of migrations, and
   * `{ forMigrations: true }` gives it the migrations' timeouts (none per statement) instead
   * of a serving pool's, as a server's start-up has them.
   */
  readonly open: (options?: {
    migrate?: boolean;
    forMigrations?: boolean;
  }) => Promise<TestDatabase>;
};

const postgresUrl = process.env.TEST_DATABASE_URL;

async function freshSqlite({ migrate = true } = {}): Promise<TestDatabase> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "fineline-db-")), "app.db");
  const handle = openSqlite(file);
  if (migrate) await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  return { ...handle, sibling: () => openSqlite(file) };
}

async function freshPostgres(
  url: string,
  { migrate = true, forMigrations = false } = {},
): Promise<TestDatabase> {
  const schema = `test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const handle = openPostgres(url, {
    schema,
    ...(forMigrations ? { timeouts: migrationTimeouts } : {}),
  });
  if (migrate) {
    // On a connection with the migrations' timeouts, as connectDatabase migrates: a serving
    // pool's statement limit would fail a migration that merely waited on a busy machine.
    const migrator = openPostgres(url, { schema, max: 1, timeouts: migrationTimeouts });
    try {
      await migrateToLatest(migrator.db as unknown as Kysely<unknown>);
    } finally {
      await migrator.close();
    }
  }
  return {
    ...handle,
    sibling: () => openPostgres(url, { schema }),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema "${schema}" cascade`);
      await cleanup.end();
    },
  };
}

export const testEngines: TestEngine[] = [
  { name: "sqlite", open: freshSqlite },
  ...(postgresUrl
    ? [
        {
          name: "postgres" as const,
          open: (options?: { migrate?: boolean; forMigrations?: boolean }) =>
            freshPostgres(postgresUrl, options),
        },
      ]
    : []),
];

/**
 * One statement on a connection of its own to TEST_DATABASE_URL (as its user, usually the
 * superuser): creating and dropping whole databases, ending sessions.
 */
export async function postgresAdminQuery(query: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await client.query(query, values);
  } finally {
    await client.end();
  }
}

/**
 * TEST_DATABASE_URL pointed at another database, and optionally at another port on this
 * machine (a proxy in front of PostgreSQL). Empty without TEST_DATABASE_URL.
 */
export function postgresUrlFor(database: string, port?: number): string {
  if (!postgresUrl) return "";
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  if (port) {
    url.hostname = "127.0.0.1";
    url.port = String(port);
  }
  return url.toString();
}
