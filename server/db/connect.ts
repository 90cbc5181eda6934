import { chmodSync, closeSync, existsSync, openSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrate.ts";
import { NodeSqliteDialect, nodeSqliteDatabase } from "./node-sqlite-adapter.ts";
import {
  createPostgresPool,
  type DatabaseLog,
  migrationTimeouts,
  type PostgresTimeouts,
  serveTimeouts,
} from "./postgres-pool.ts";
import { makePrivateDirectory } from "./private-directory.ts";
import type { Database } from "./schema.ts";

export type Engine = "sqlite" | "postgres";
export type Db = Kysely<Database>;
export type DatabaseHandle = {
  readonly db: Db;
  readonly engine: Engine;
  readonly close: () => Promise<void>;
};

/**
 * SQLite for durability on one machine: WAL with synchronous=FULL, so a transaction is on
 * disk when COMMIT returns (a crash or power loss after the 201 loses nothing); a busy timeout
 * instead of SQLITE_BUSY errors; foreign keys enforced.
 */
export function openSqlite(file: string): DatabaseHandle {
  createPrivately(file);
  const database = new DatabaseSync(file);
  // First, so that everything after it (switching to WAL included) waits for another
  // process's lock instead of failing at once with SQLITE_BUSY.
  database.exec(`PRAGMA busy_timeout = ${sqliteBusyTimeoutMs}`);
  switchToWal(database);
  database.exec("PRAGMA synchronous = FULL");
  database.exec("PRAGMA foreign_keys = ON");
  // Deleted rows are overwritten, not left in free pages: an erased lead is gone from the file.
  database.exec("PRAGMA secure_delete = ON");
  const db = new Kysely<Database>({
    dialect: new NodeSqliteDialect({ database: nodeSqliteDatabase(database) }),
  });
  return { db, engine: "sqlite", close: () => db.destroy() };
}

/** How long a SQLite statement waits for another connection's lock before SQLITE_BUSY. */
export const sqliteBusyTimeoutMs = 5000;

/**
 * WAL is a property of the file, set once by whichever process opens it first. Converting
 * needs exclusive access, and SQLite does not always run the busy handler for it: three
 * create-admin runs opening a fresh database together failed one with "database is locked"
 * (about 1 open in 120 under stress). So the mode is read first (an established database
 * takes no lock at all), and a refused or busy switch is retried within the busy timeout.
 */
function switchToWal(database: DatabaseSync) {
  const deadline = Date.now() + sqliteBusyTimeoutMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      const mode = (database.prepare("PRAGMA journal_mode").get() as { journal_mode: string })
        .journal_mode;
      if (mode === "wal") return;
      // A switch SQLite refuses returns the old mode rather than an error.
      const now = database.prepare("PRAGMA journal_mode = WAL").get() as { journal_mode: string };
      if (now.journal_mode === "wal") return;
    } catch (error) {
      if (!/database is locked|busy/i.test((error as Error).message)) throw error;
    }
    if (Date.now() + pause > deadline)
      throw new Error("could not switch the database to WAL: database is locked");
    // Opening is synchronous (node:sqlite), and so is this short wait, at start-up only.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pause);
  }
}

/**
 * Leads are personal data: the data directory is created 0700 and the database 0600, before
 * SQLite would create it 0644. SQLite gives its -wal and -shm files the database's own mode;
 * files an older version left readable are tightened too.
 */
function createPrivately(file: string) {
  makePrivateDirectory(path.dirname(file));
  closeSync(openSync(file, "a", 0o600));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(each)) chmodSync(each, 0o600);
  }
}

// PostgreSQL `date` values (a follow-up's day) stay the YYYY-MM-DD text they are: pg's default
// turns them into a Date at local midnight, which shifts the day in any zone west of UTC.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

const stderrLog: DatabaseLog = {
  warn: (details, message) => {
    const error = (details as { err?: unknown }).err;
    console.error(`database: ${message}${error instanceof Error ? ` (${error.message})` : ""}`);
  },
};

/**
 * PostgreSQL with its durable defaults (fsync, synchronous_commit on): COMMIT means on disk.
 * Lost connections are logged and replaced, and every wait is bounded (postgres-pool.ts).
 */
export function openPostgres(
  connectionString: string,
  options: { schema?: string; max?: number; log?: DatabaseLog; timeouts?: PostgresTimeouts } = {},
): DatabaseHandle {
  const pool = createPostgresPool(connectionString, {
    ...options,
    log: options.log ?? stderrLog,
    timeouts: options.timeouts ?? serveTimeouts,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: "postgres", close: () => db.destroy() };
}

/**
 * Opens the configured database and brings its schema up to date. On PostgreSQL, migrations
 * run on a connection of their own without statement limits (an index build may take long);
 * the pool that serves requests has them.
 */
export async function connectDatabase(
  config: { dataDir: string; databaseUrl: string | undefined },
  log?: DatabaseLog,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const migrator = openPostgres(config.databaseUrl, {
      max: 1,
      log,
      timeouts: migrationTimeouts,
    });
    try {
      await migrateToLatest(migrator.db as unknown as Kysely<unknown>);
    } finally {
      await migrator.close();
    }
    return openPostgres(config.databaseUrl, { log });
  }
  const handle = openSqlite(path.join(config.dataDir, "app.db"));
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
