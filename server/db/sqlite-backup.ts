import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** A problem the operator can fix, said in one line (the CLIs print it without a stack). */
export class BackupError extends Error {}

export type BackupSummary = { file: string; leads: number; bytes: number; ms: number };

/**
 * A consistent copy of the live database while the server runs: `VACUUM INTO` reads one
 * snapshot (a WAL read transaction, so writers are not blocked) and writes a compact,
 * self-contained file. It is written beside its destination, checked, flushed to disk and
 * only then renamed into place, so a crash never leaves a half backup under the real name.
 * The file holds personal data: it is created 0600.
 */
export function backupSqlite(databaseFile: string, outFile: string): BackupSummary {
  const started = performance.now();
  if (!existsSync(databaseFile))
    throw new BackupError(`no database at ${databaseFile}: check DATA_DIR.`);
  const out = path.resolve(outFile);
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose a new name.`);
  if (!existsSync(path.dirname(out)))
    throw new BackupError(`the folder ${path.dirname(out)} does not exist.`);
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
    const leads = checkedLeadCount(partial);
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
 * up to date then.
 */
export function restoreSqlite(backupFile: string, databaseFile: string, now = new Date()) {
  const started = performance.now();
  const input = path.resolve(backupFile);
  if (!existsSync(input)) throw new BackupError(`${input} does not exist.`);
  const leads = checkedLeadCount(input);
  const previous = existsSync(databaseFile)
    ? `${databaseFile}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`
    : null;
  if (previous) settleWhileUnused(databaseFile);

  // Restoring onto a new machine: DATA_DIR is created as the server would (private).
  mkdirSync(path.dirname(databaseFile), { recursive: true, mode: 0o700 });
  const incoming = `${databaseFile}.restoring-${process.pid}`;
  copyFileSync(input, incoming, constants.COPYFILE_EXCL);
  try {
    flush(incoming);
    if (previous) {
      renameSync(databaseFile, previous);
      for (const suffix of ["-wal", "-shm"])
        if (existsSync(databaseFile + suffix)) renameSync(databaseFile + suffix, previous + suffix);
    }
    renameSync(incoming, databaseFile);
    flush(path.dirname(databaseFile));
  } catch (error) {
    rmSync(incoming, { force: true });
    throw error;
  }
  return { leads, previous, ms: performance.now() - started } satisfies RestoreSummary;
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

/** Opens a backup read-only and checks it is whole and is this site's; returns its lead count. */
function checkedLeadCount(file: string): number {
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
    const tables = database
      .prepare("select name from sqlite_master where type = 'table' and name in ('leads', 'users')")
      .all();
    if (tables.length !== 2) throw new BackupError(`${file} is not a backup of this site.`);
    const row = database.prepare("select count(*) as n from leads").get() as { n: number };
    return Number(row.n);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    database.close();
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
