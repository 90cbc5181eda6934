import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { migrations, migratorFor } from "./migrate.ts";
import {
  NodeSqliteDialect,
  nodeSqliteDatabase,
  withNestedTransactionsAsSavepoints,
} from "./node-sqlite-adapter.ts";
import { makePrivateDirectory } from "./private-directory.ts";

/** A problem the operator can fix, said in one line (the CLIs print it without a stack). */
export class BackupError extends Error {}

export type BackupSummary = { file: string; leads: number; bytes: number; ms: number };

/**
 * A consistent copy of the live database while the server runs: `VACUUM INTO` reads one
 * snapshot (a WAL read transaction, so writers are not blocked) and writes a compact,
 * self-contained file. It is written beside its destination, checked, flushed to disk and
 * only then renamed into place, so a crash never leaves a half backup under the real name.
 * The file holds personal data: it is created 0600. Never inside DATA_DIR (`refuseInDataDir`).
 */
export function backupSqlite(databaseFile: string, outFile: string): BackupSummary {
  const started = performance.now();
  if (!existsSync(databaseFile))
    throw new BackupError(`no database at ${databaseFile}: check DATA_DIR.`);
  const out = path.resolve(outFile);
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose a new name.`);
  refuseInDataDir(out, path.dirname(databaseFile));
  // A nightly backup into a new folder (backups/, the usage line's): made private, like DATA_DIR.
  makePrivateDirectory(path.dirname(out));
  const partial = `${out}.partial-${process.pid}`;
  // Created empty and private first: VACUUM INTO fills an existing empty file, keeping its mode.
  closeSync(openSync(partial, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
  try {
    const source = new DatabaseSync(databaseFile);
    try {
      source.exec("PRAGMA busy_timeout = 5000");
      source.prepare("VACUUM INTO ?").run(partial);
    } finally {
      source.close();
    }
    const leads = siteLeadCount(partial, readContents(partial));
    flush(partial);
    renameSync(partial, out);
    flush(path.dirname(out));
    return { file: out, leads, bytes: statSync(out).size, ms: performance.now() - started };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

export type RestoreSummary = { leads: number; previous: string | null; ms: number };

/**
 * Puts a backup in place of the database in DATA_DIR, which must not be in use: restoring
 * under a running server would pull the file from under its feet. The database it replaces
 * is kept beside it (`app.db.before-restore-<time>`), never deleted: a restore of the wrong
 * file can itself be undone. Migrations run on the next start, so an older backup is brought
 * up to date then; a file they could not bring up to date is refused before anything moves
 * (`requireHistoryOfThisVersion`). Both files end up 0600, whatever mode the backup had.
 */
export async function restoreSqlite(
  backupFile: string,
  databaseFile: string,
  now = new Date(),
): Promise<RestoreSummary> {
  const started = performance.now();
  const input = path.resolve(backupFile);
  if (!existsSync(input)) throw new BackupError(`${input} does not exist.`);
  const contents = readContents(input);
  await requireHistoryOfThisVersion(input, contents);
  const leads = siteLeadCount(input, contents);
  const previous = existsSync(databaseFile)
    ? `${databaseFile}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`
    : null;
  if (previous) settleWhileUnused(databaseFile);

  // Restoring onto a new machine: DATA_DIR is created as the server would (private).
  makePrivateDirectory(path.dirname(databaseFile));
  const incoming = `${databaseFile}.restoring-${process.pid}`;
  copyFileSync(input, incoming, constants.COPYFILE_EXCL);
  try {
    // The copy takes the backup's mode (0644 if it was kept so): made private before it is
    // the database. Until then it is no more readable than the backup it came from.
    chmodSync(incoming, 0o600);
    flush(incoming);
    if (previous) {
      setAside(databaseFile, previous);
      for (const suffix of ["-wal", "-shm"])
        if (existsSync(databaseFile + suffix)) setAside(databaseFile + suffix, previous + suffix);
    }
    renameSync(incoming, databaseFile);
    flush(path.dirname(databaseFile));
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  }
  return { leads, previous, ms: performance.now() - started };
}

/**
 * The database a restore replaces keeps its personal data: private, even if it was itself
 * restored from a readable backup by an older version.
 */
function setAside(file: string, keptAs: string) {
  renameSync(file, keptAs);
  chmodSync(keptAs, 0o600);
}

/**
 * A backup has no place in DATA_DIR, whichever path leads there (real paths are compared, so
 * `..` and symlinked folders too): SQLite takes a file beside the database named like its
 * journal (`app.db-journal`) for a hot journal, and every later connection then fails with
 * "database is locked"; and a copy kept with the data is lost with it. It exits 1, not the
 * usage error's 2: as with a file that already exists, the arguments are well formed but the
 * place they name is not one to write to.
 */
function refuseInDataDir(out: string, dataDir: string) {
  const relative = path.relative(realpathSync(dataDir), realFolderOf(out));
  const inside = !path.isAbsolute(relative) && relative.split(path.sep)[0] !== "..";
  if (inside)
    throw new BackupError(`${out} is in DATA_DIR (${dataDir}): write backups somewhere else.`);
}

/**
 * Takes the database's exclusive lock without waiting: a running server holds a shared lock
 * for as long as its connection is open, so this fails at once while one runs. Holding it,
 * folds the WAL into the file and leaves rollback-journal mode, so the file stands alone when
 * it is moved aside.
 */
function settleWhileUnused(databaseFile: string) {
  const database = new DatabaseSync(databaseFile);
  try {
    database.exec("PRAGMA busy_timeout = 0");
    database.exec("PRAGMA locking_mode = EXCLUSIVE");
    database.exec("BEGIN EXCLUSIVE");
    database.exec("COMMIT");
    database.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    database.exec("PRAGMA journal_mode = DELETE");
  } catch (error) {
    if ((error as { errcode?: number }).errcode === 5 /* SQLITE_BUSY */)
      throw new BackupError(
        `${databaseFile} is in use: stop the server on this DATA_DIR first, then restore.`,
      );
    throw error;
  } finally {
    database.close();
  }
}

/** What a backup holds, as the checks below need it. */
type BackupContents = {
  tables: Set<string>;
  /** The migrations its `kysely_migration` table records, by name; null without one. */
  history: string[] | null;
  leads: number | null;
};

/** Opens a backup read-only, checks it is whole, and reads what the checks need. */
function readContents(file: string): BackupContents {
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(file, { readOnly: true });
  } catch {
    throw new BackupError(`${file} is not an SQLite database.`);
  }
  try {
    const integrity = database.prepare("PRAGMA integrity_check").get() as
      | { integrity_check: string }
      | undefined;
    if (integrity?.integrity_check !== "ok")
      throw new BackupError(`${file} is damaged (integrity check: ${integrity?.integrity_check}).`);
    const names = (rows: unknown[]) => rows.map((row) => (row as { name: string }).name);
    const tables = new Set(
      names(database.prepare("select name from sqlite_master where type = 'table'").all()),
    );
    const hasHistory =
      tables.has("kysely_migration") &&
      names(
        database.prepare("select name from pragma_table_info('kysely_migration')").all(),
      ).includes("name");
    const history = hasHistory
      ? names(database.prepare("select name from kysely_migration order by name").all())
      : null;
    const leads = tables.has("leads")
      ? Number((database.prepare("select count(*) as n from leads").get() as { n: number }).n)
      : null;
    return { tables, history, leads };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    database.close();
  }
}

/** The site's own tables are there; returns the number of leads. */
function siteLeadCount(file: string, contents: BackupContents): number {
  if (contents.leads === null || !contents.tables.has("users"))
    throw new BackupError(`${file} is not a backup of this site: it has no leads or users table.`);
  return contents.leads;
}

/**
 * The server's migrations can take the file from where it is: its history is the first of this
 * version's migrations, in order (Kysely stops start-up with "corrupted migrations" otherwise),
 * and it has the tables they create. A file without that history is some other database:
 * start-up would run every migration on it and fail on the first table it already has.
 */
async function requireHistoryOfThisVersion(file: string, { history, tables }: BackupContents) {
  const notOurs = (why: string) => new BackupError(`${file} is not a backup of this site: ${why}.`);
  if (!history?.length) throw notOurs("it has no migration history");
  const known = Object.keys(migrations).sort();
  const at = history.findIndex((name, i) => name !== known[i]);
  const differing = history[at];
  // Migrations are only ever added after the last one: a newer version's are past all of ours.
  if (differing !== undefined && at === known.length)
    throw new BackupError(
      `${file} comes from a newer version of the app (its migration ${differing} is unknown to this one): upgrade the app, then restore.`,
    );
  if (differing !== undefined && !known.includes(differing))
    throw notOurs(`its migration ${differing} is unknown to this app`);
  if (differing !== undefined) throw notOurs(`its migration history skips ${known[at]}`);

  const recorded = Object.entries(migrations).filter(([name]) => history.includes(name));
  const missing = (await tablesCreatedBy(Object.fromEntries(recorded))).filter(
    (table) => !tables.has(table),
  );
  if (missing.length)
    throw notOurs(`it lacks tables its migrations create (${missing.join(", ")})`);
}

/**
 * A file's folder with every symbolic link resolved, folders not made yet included: the real
 * path of the nearest one that exists, and the rest of the path as given.
 */
function realFolderOf(file: string): string {
  let existing = path.dirname(file);
  const rest: string[] = [];
  while (!existsSync(existing)) {
    rest.unshift(path.basename(existing));
    existing = path.dirname(existing);
  }
  return path.join(realpathSync(existing), ...rest);
}

/**
 * The tables these migrations create, found by running them on an empty database in memory:
 * no list to keep in step with the migrations by hand.
 */
async function tablesCreatedBy(list: Record<string, Migration>): Promise<string[]> {
  const db = new Kysely<unknown>({
    dialect: new NodeSqliteDialect({ database: nodeSqliteDatabase(new DatabaseSync(":memory:")) }),
  });
  try {
    const migrator = await migratorFor(db, list);
    const { error } = await withNestedTransactionsAsSavepoints(() => migrator.migrateToLatest());
    if (error) throw error;
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table'`.execute(db);
    // Kysely's bookkeeping and SQLite's internal tables are not the migrations' doing.
    return rows
      .map((row) => row.name)
      .filter((name) => !name.startsWith("kysely_") && !name.startsWith("sqlite_"));
  } finally {
    await db.destroy();
  }
}

/** fsync a file or a folder (the folder, so a rename in it survives a power cut). */
function flush(target: string) {
  const fd = openSync(target, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
