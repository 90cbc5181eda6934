import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "./connect.ts";

describe("connectDatabase (SQLite default)", () => {
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
});
