import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openSqlite } from "../db/connect.ts";

const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["server/cli/migrate.ts"], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });

describe("npm run db:migrate", () => {
  it("applies every migration once, then reports the database up to date", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-migrate-"));
    const first = run({ DATA_DIR: dataDir });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/applied: 2026-11-22T10-00-leads/);
    expect(first.stdout).toMatch(/migration\(s\) applied to sqlite/);
    const second = run({ DATA_DIR: dataDir });
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/sqlite is up to date/);
    const handle = openSqlite(path.join(dataDir, "app.db"));
    expect((await handle.db.introspection.getTables()).map((t) => t.name)).toEqual(
      expect.arrayContaining(["leads", "outbox"]),
    );
    await handle.close();
  });

  it("exits 1 with one line per bad variable", () => {
    const result = run({ DATABASE_URL: "mysql://nope" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^config: DATABASE_URL: /);
  });
});
