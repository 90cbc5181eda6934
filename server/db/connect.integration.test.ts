import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connectDatabase, openSqlite } from "./connect.ts";

describe("connectDatabase (SQLite default)", () => {
  it("opens a new database in WAL while another process holds its lock, by waiting", async () => {
    // Another process holds the fresh file's exclusive lock for 400 ms: opening it (which
    // switches it to WAL) must wait that out, not fail with "database is locked".
    const file = path.join(mkdtempSync(path.join(tmpdir(), "fineline-wal-")), "app.db");
    const holder = spawn(
      process.execPath,
      [
        "-e",
        `const { DatabaseSync } = require("node:sqlite");
         const db = new DatabaseSync(${JSON.stringify(file)});
         db.exec("BEGIN EXCLUSIVE; CREATE TABLE held (x)");
         console.log("held");
         setTimeout(() => { db.exec("COMMIT"); db.close(); }, 400);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) => holder.stdout.once("data", () => resolve()));
    const handle = openSqlite(file);
    try {
      const mode = await sql.raw("PRAGMA journal_mode").execute(handle.db);
      expect(Object.values(mode.rows[0] as object)[0]).toBe("wal");
    } finally {
      await handle.close();
      await new Promise((resolve) => holder.once("close", resolve));
    }
  });

  it("creates DATA_DIR/app.db, migrated, with durable settings", async () => {
    const dataDir = path.join(
      mkdtempSync(path.join(tmpdir(), "fineline-connect-")),
      "nested",
      "data",
    );
    const handle = await connectDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(handle.engine).toBe("sqlite");
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`PRAGMA ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("synchronous")).toBe(2); // FULL
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBe(5000);
      const tables = await handle.db.introspection.getTables();
      expect(tables.map((t) => t.name).sort()).toEqual(expect.arrayContaining(["leads", "outbox"]));
    } finally {
      await handle.close();
    }
  });

  it("is idempotent: a second start applies nothing and keeps the data", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-connect-"));
    const first = await connectDatabase({ dataDir, databaseUrl: undefined });
    await first.db
      .insertInto("leads")
      .values({
        id: "0190a000-0000-7000-8000-000000000001",
        first_name: "A",
        last_name: "B",
        email: "a@b.example",
        message: "",
        contacted_us: true,
        lead_status: "WARM",
        comm_status: "UNREAD",
        notes: "",
        source_page: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await first.close();
    const second = await connectDatabase({ dataDir, databaseUrl: undefined });
    expect(await second.db.selectFrom("leads").select("email").execute()).toEqual([
      { email: "a@b.example" },
    ]);
    await second.close();
  });

  it("keeps the database private: DATA_DIR 0700, the database and its WAL files 0600", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "fineline-connect-")), "data");
    const handle = await connectDatabase({ dataDir, databaseUrl: undefined });
    try {
      // A write, so the -wal and -shm files exist.
      await sql`create table probe (x integer)`.execute(handle.db);
      const mode = (file: string) => statSync(path.join(dataDir, file)).mode & 0o777;
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const file of ["app.db", "app.db-wal", "app.db-shm"])
        expect(mode(file), file).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it("tightens a database an older version left world-readable", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-connect-"));
    const file = path.join(dataDir, "app.db");
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    const handle = await connectDatabase({ dataDir, databaseUrl: undefined });
    await handle.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
