import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, SqliteDialect, sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  nodeSqliteDatabase,
  toSqliteValue,
  withNestedTransactionsAsSavepoints,
} from "./node-sqlite-adapter.ts";
import { uuidv7 } from "./uuid.ts";

type T = { items: { id: number; name: string; flag: number; at: string | null } };

function makeDb() {
  const database = new DatabaseSync(":memory:");
  const db = new Kysely<T>({
    dialect: new SqliteDialect({ database: nodeSqliteDatabase(database) }),
  });
  return { database, db };
}

describe("node:sqlite adapter for Kysely", () => {
  it("runs DDL, inserts with RETURNING, selects and updates with parameters", async () => {
    const { db } = makeDb();
    await sql`create table items (id integer primary key, name text not null, flag integer not null, at text)`.execute(
      db,
    );
    const inserted = await db
      .insertInto("items")
      .values({ id: 1, name: "a", flag: 1, at: null })
      .returning(["id", "name"])
      .execute();
    expect(inserted).toEqual([{ id: 1, name: "a" }]);
    const update = await db
      .updateTable("items")
      .set({ name: "b" })
      .where("id", "=", 1)
      .executeTakeFirst();
    expect(update.numUpdatedRows).toBe(1n);
    expect(await db.selectFrom("items").selectAll().execute()).toEqual([
      { id: 1, name: "b", flag: 1, at: null },
    ]);
    await db.destroy();
  });

  it("converts booleans and dates, which node:sqlite refuses", () => {
    expect(toSqliteValue(true)).toBe(1);
    expect(toSqliteValue(false)).toBe(0);
    expect(toSqliteValue(new Date("2026-11-22T10:00:00Z"))).toBe("2026-11-22T10:00:00.000Z");
    expect(toSqliteValue(undefined)).toBeNull();
    expect(toSqliteValue("x")).toBe("x");
  });

  it("rolls back a failed transaction", async () => {
    const { db } = makeDb();
    await sql`create table items (id integer primary key, name text not null, flag integer not null, at text)`.execute(
      db,
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("items").values({ id: 1, name: "a", flag: 0, at: null }).execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.selectFrom("items").selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});

describe("transactions beside another process", () => {
  it("take the write lock up front, so a read-then-write transaction is never refused", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "fineline-lock-")), "app.db");
    const ours = new DatabaseSync(file);
    ours.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 1000;");
    ours.exec("create table t (n integer)");
    const db = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: nodeSqliteDatabase(ours) }),
    });
    // Another connection, as create-admin or a second server would be; it never waits.
    const other = new DatabaseSync(file);
    other.exec("PRAGMA busy_timeout = 0");
    let otherWrite = "not tried";
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom("t").selectAll().execute();
      try {
        other.exec("insert into t values (2)");
        otherWrite = "committed";
      } catch (error) {
        otherWrite = (error as Error).message;
      }
      // With a deferred BEGIN this write would fail: the other connection committed after our read.
      await trx.insertInto("t").values({ n: 1 }).execute();
    });
    expect(otherWrite).toMatch(/locked|busy/i);
    expect((await db.selectFrom("t").selectAll().execute()).map((r) => r.n)).toEqual([1]);
    other.close();
    await db.destroy();
  });
});

describe("uuidv7", () => {
  it("is a version 7, variant 10 UUID that sorts by time", () => {
    const a = uuidv7(Date.parse("2026-01-01T00:00:00Z"));
    const b = uuidv7(Date.parse("2026-01-01T00:00:01Z"));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
    expect(Number.parseInt(a.replaceAll("-", "").slice(0, 12), 16)).toBe(
      Date.parse("2026-01-01T00:00:00Z"),
    );
  });

  it("refuses a BEGIN inside an open transaction, except in migrations, where it is a savepoint", async () => {
    const { db } = makeDb();
    await sql`create table items (id integer primary key, name text not null, flag integer not null, at text)`.execute(
      db,
    );
    await db.transaction().execute(async (trx) => {
      await expect(sql`begin`.execute(trx)).rejects.toThrow(/BEGIN inside an open transaction/);
    });
    await withNestedTransactionsAsSavepoints(() =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto("items").values({ id: 1, name: "kept", flag: 1, at: null }).execute();
        // A migration's own transaction, rolled back: only its own work goes.
        await sql`begin immediate`.execute(trx);
        await trx
          .insertInto("items")
          .values({ id: 2, name: "undone", flag: 0, at: null })
          .execute();
        await sql`rollback`.execute(trx);
      }),
    );
    expect(await db.selectFrom("items").select("name").execute()).toEqual([{ name: "kept" }]);
  });
});
