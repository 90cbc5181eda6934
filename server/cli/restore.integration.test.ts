import { chmodSync, copyFileSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openSqlite } from "../db/connect.ts";
import { migrations, migratorFor } from "../db/migrate.ts";
import { withNestedTransactionsAsSavepoints } from "../db/node-sqlite-adapter.ts";
import { contactPost } from "../test-support/contact-post.ts";
import { runCli } from "../test-support/run-cli.ts";
import { buildTestApp } from "../test-support/test-app.ts";

const query = (file: string, sql: string) => {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    return database.prepare(sql).all();
  } finally {
    database.close();
  }
};
const emailsIn = (file: string) =>
  (query(file, "select email from leads order by email") as { email: string }[]).map(
    (row) => row.email,
  );
const modesIn = (dataDir: string) =>
  Object.fromEntries(
    readdirSync(dataDir).map((name) => [name, statSync(path.join(dataDir, name)).mode & 0o777]),
  );

/** A DATA_DIR holding one lead, as a stopped server leaves it, and a backup of it beside. */
async function siteWithBackup() {
  const root = mkdtempSync(path.join(tmpdir(), "fineline-restore-"));
  const dataDir = path.join(root, "data");
  const app = await buildTestApp(undefined, { DATA_DIR: dataDir });
  expect((await app.inject(contactPost("restore", 1))).statusCode).toBe(201);
  await app.close();
  const backup = path.join(root, "fineline.db");
  const made = await runCli("backup", ["--out", backup], { DATA_DIR: dataDir });
  expect(made.status, made.output).toBe(0);
  return { root, dataDir, backup };
}

/** A copy of `file` changed by `statements`, as a tampered or foreign file would be. */
function alteredCopy(file: string, name: string, statements: string) {
  const copy = path.join(path.dirname(file), name);
  copyFileSync(file, copy);
  const database = new DatabaseSync(copy);
  try {
    database.exec(statements);
  } finally {
    database.close();
  }
  return copy;
}

/** Restoring `file` is refused with `reason`, and the database in DATA_DIR stays in place. */
async function expectRefused(file: string, dataDir: string, reason: string) {
  const before = readdirSync(dataDir).sort();
  const refused = await runCli("restore", ["--in", file], { DATA_DIR: dataDir });
  expect([refused.status, refused.output]).toEqual([1, `restore: ${file} ${reason}\n`]);
  expect(readdirSync(dataDir).sort()).toEqual(before);
  expect(emailsIn(path.join(dataDir, "app.db"))).toEqual(["restore-1@example.com"]);
}

describe("npm run restore (SQLite)", () => {
  it("refuses a file that is not a backup of this site: no migration history, another app's history, or tables its migrations create missing", async () => {
    const { root, dataDir, backup } = await siteWithBackup();
    // Start-up failed on this one with `table "leads" already exists`, after "0 leads restored".
    const foreign = path.join(root, "foreign.db");
    const database = new DatabaseSync(foreign);
    database.exec("create table leads (id text primary key); create table users (id text)");
    database.close();
    await expectRefused(
      foreign,
      dataDir,
      "is not a backup of this site: it has no migration history.",
    );

    // Another Kysely app's database: a migration history, but not this app's.
    const otherApp = alteredCopy(
      foreign,
      "other-app.db",
      `create table kysely_migration (name varchar(255) primary key, timestamp varchar(255));
       insert into kysely_migration values ('2024-03-01-widgets', '2024-03-01T00:00:00.000Z')`,
    );
    await expectRefused(
      otherApp,
      dataDir,
      "is not a backup of this site: its migration 2024-03-01-widgets is unknown to this app.",
    );

    const noOutbox = alteredCopy(backup, "no-outbox.db", "drop table outbox");
    await expectRefused(
      noOutbox,
      dataDir,
      "is not a backup of this site: it lacks tables its migrations create (outbox).",
    );
  }, 30_000);

  it("refuses a backup from a newer version of the app, and one whose migration history skips a migration", async () => {
    const { dataDir, backup } = await siteWithBackup();
    const future = alteredCopy(
      backup,
      "future.db",
      `insert into kysely_migration (name, timestamp)
       values ('2099-01-01T00-00-teleport', '2099-01-01T00:00:00.000Z')`,
    );
    await expectRefused(
      future,
      dataDir,
      "comes from a newer version of the app (its migration 2099-01-01T00-00-teleport is unknown to this one): upgrade the app, then restore.",
    );

    const gap = alteredCopy(
      backup,
      "gap.db",
      "delete from kysely_migration where name = '2026-11-22T14-00-lead-history'",
    );
    await expectRefused(
      gap,
      dataDir,
      "is not a backup of this site: its migration history skips 2026-11-22T14-00-lead-history.",
    );
  }, 30_000);

  it("restores a backup made by an older version, which the server's migrations then bring up to date", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "fineline-restore-"));
    const oldDataDir = path.join(root, "old");
    const handle = openSqlite(path.join(oldDataDir, "app.db"));
    const db = handle.db as unknown as Kysely<unknown>;
    const known = Object.keys(migrations).sort();
    // Leads, outbox, users and sessions: as a version before the lead history would leave it.
    const older = Object.fromEntries(
      Object.entries(migrations)
        .sort(([a], [b]) => a.localeCompare(b))
        .slice(0, 3),
    );
    const migrated = await withNestedTransactionsAsSavepoints(async () =>
      (await migratorFor(db, older)).migrateToLatest(),
    );
    expect(migrated.error).toBeUndefined();
    await handle.close();
    const oldDatabase = new DatabaseSync(path.join(oldDataDir, "app.db"));
    oldDatabase.exec(`insert into leads (id, first_name, last_name, email, created_at, updated_at)
      values ('0190c2a4-0000-7000-8000-000000000001', 'Ada', 'Lovelace', 'old@example.com',
              '2026-11-22T11:00:00.000Z', '2026-11-22T11:00:00.000Z')`);
    oldDatabase.close();
    const backup = path.join(root, "old.db");
    const made = await runCli("backup", ["--out", backup], { DATA_DIR: oldDataDir });
    expect(made.status, made.output).toBe(0);

    const fresh = path.join(root, "fresh");
    const restored = await runCli("restore", ["--in", backup], { DATA_DIR: fresh });
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toContain("restore: 1 leads restored into");
    const app = await buildTestApp(undefined, { DATA_DIR: fresh });
    try {
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const applied = query(path.join(fresh, "app.db"), "select name from kysely_migration");
    expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(known);
    expect(emailsIn(path.join(fresh, "app.db"))).toEqual(["old@example.com"]);
  }, 30_000);

  it("restores a 0644 backup as a 0600 database, and sets the database it replaces aside 0600", async () => {
    const { root, backup } = await siteWithBackup();
    chmodSync(backup, 0o644);
    const fresh = path.join(root, "fresh");
    const first = await runCli("restore", ["--in", backup], { DATA_DIR: fresh });
    expect(first.status, first.output).toBe(0);
    expect(modesIn(fresh)).toEqual({ "app.db": 0o600 });

    // As a restore by an earlier version left it: the one set aside next must not stay so.
    chmodSync(path.join(fresh, "app.db"), 0o644);
    const second = await runCli("restore", ["--in", backup], { DATA_DIR: fresh });
    expect(second.status, second.output).toBe(0);
    const setAside = readdirSync(fresh).find((name) => name.startsWith("app.db.before-restore-"));
    expect(setAside).toBeDefined();
    expect(modesIn(fresh)).toEqual({ "app.db": 0o600, [setAside ?? ""]: 0o600 });
  }, 30_000);
});
