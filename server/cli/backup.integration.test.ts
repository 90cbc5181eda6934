import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { contactPost } from "../test-support/contact-post.ts";
import { runCli } from "../test-support/run-cli.ts";
import { buildTestApp } from "../test-support/test-app.ts";

const emailsIn = (file: string) => {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    return (database.prepare("select email from leads").all() as { email: string }[]).map(
      (row) => row.email,
    );
  } finally {
    database.close();
  }
};

/**
 * What is in DATA_DIR: every file by name, the database and its WAL by inode, size and
 * modification time. Not by content: reading a file here would drop the test server's locks
 * on it (POSIX releases a process's locks when any of its descriptors on the file closes).
 * The -shm is named only: readers write their marks in it without any write to the database.
 */
const dataDirState = (dataDir: string) =>
  Object.fromEntries(
    readdirSync(dataDir).map((name) => {
      const stat = statSync(path.join(dataDir, name), { bigint: true });
      const unchanging = stat.isFile() && !name.endsWith("-shm");
      return [name, unchanging ? `${stat.ino} ${stat.size} ${stat.mtimeNs}` : "present"];
    }),
  );

describe("npm run backup / restore (SQLite)", () => {
  it("backs up under write load, restores, and finds every lead acknowledged before the backup began", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "fineline-backup-"));
    const live = path.join(root, "live");
    const app = await buildTestApp(undefined, { DATA_DIR: live, RATE_LIMIT: "off" });
    const acknowledged: string[] = [];
    let writing = true;
    let n = 0;
    // Two writers at once, as long as the test lets them: every 201 is an acknowledged lead.
    const writer = async () => {
      while (writing) {
        const email = `backup-${n++}@example.com`;
        const answer = await app.inject({
          method: "POST",
          url: "/api/leads/contact-us",
          headers: { "content-type": "application/json" },
          payload: { email, firstName: "Load", lastName: "Test", message: `Lead ${email}` },
        });
        if (answer.statusCode === 201) acknowledged.push(email);
      }
    };
    const writers = [writer(), writer()];
    try {
      while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 10));
      const before = [...acknowledged];
      const out = path.join(root, "fineline.db");
      const backup = await runCli("backup", ["--out", out], { DATA_DIR: live });
      const during = acknowledged.length;
      writing = false;
      await Promise.all(writers);
      expect(backup.output).toMatch(
        /^backup: \d+ leads, \d+ KB, written to .*fineline\.db in \d+ ms\.\n$/,
      );
      expect(backup.status, backup.output).toBe(0);
      // Leads kept coming while the copy was taken: it ran under load, not in a quiet moment.
      expect(during).toBeGreaterThan(before.length);
      expect(statSync(out).mode & 0o777).toBe(0o600);
      expect(readdirSync(root).filter((f) => f.includes(".partial-"))).toEqual([]);

      // Into a fresh DATA_DIR, as after losing the machine.
      const fresh = path.join(root, "fresh");
      const restored = await runCli("restore", ["--in", out], { DATA_DIR: fresh });
      expect(restored.status, restored.output).toBe(0);
      const emails = emailsIn(path.join(fresh, "app.db"));
      expect(new Set(emails).size).toBe(emails.length);
      const stored = new Set(emails);
      expect(before.filter((email) => !stored.has(email))).toEqual([]);
      for (const email of emails) expect(acknowledged).toContain(email);
      expect(restored.output).toContain(`restore: ${emails.length} leads restored into`);

      // The restored database serves: a server starts on it and migrations find nothing to do.
      const revived = await buildTestApp(undefined, { DATA_DIR: fresh });
      expect((await revived.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
      await revived.close();

      // Not under a running server: refused at once, nothing moved.
      const refused = await runCli("restore", ["--in", out], { DATA_DIR: live });
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/is in use: stop the server on this DATA_DIR first/);
      expect(readdirSync(live).filter((f) => f.includes("before-restore"))).toEqual([]);
    } finally {
      writing = false;
      await Promise.all(writers);
      await app.close();
    }

    // With the server stopped: the backup replaces the database, which is kept beside it.
    const total = emailsIn(path.join(live, "app.db")).length;
    const back = await runCli("restore", ["--in", path.join(root, "fineline.db")], {
      DATA_DIR: live,
    });
    expect(back.status).toBe(0);
    const kept = readdirSync(live).find((f) => f.startsWith("app.db.before-restore-"));
    expect(kept).toBeDefined();
    expect(emailsIn(path.join(live, kept ?? "")).length).toBe(total);
    expect(back.output).toContain(`kept as ${path.join(live, kept ?? "")}`);
  }, 60_000);

  it("say what is wrong in one line: a missing argument, an existing file, a file that is no backup, PostgreSQL", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-backup-"));
    const app = await buildTestApp(undefined, { DATA_DIR: dataDir });
    await app.close();
    const noOut = await runCli("backup", [], { DATA_DIR: dataDir });
    expect([noOut.status, noOut.output.split("\n")[0]]).toEqual([2, "backup: --out is missing."]);
    const noIn = await runCli("restore", [], { DATA_DIR: dataDir });
    expect([noIn.status, noIn.output.split("\n")[0]]).toEqual([2, "restore: --in is missing."]);

    const taken = path.join(dataDir, "app.db");
    const exists = await runCli("backup", ["--out", taken], { DATA_DIR: dataDir });
    expect(exists.status).toBe(1);
    expect(exists.output).toBe(`backup: ${taken} already exists: choose a new name.\n`);

    const notABackup = await runCli("restore", ["--in", "package.json"], { DATA_DIR: dataDir });
    expect(notABackup.status).toBe(1);
    expect(notABackup.output).toMatch(
      /^restore: .*package\.json is not a readable SQLite database/,
    );
    expect(notABackup.output).not.toMatch(/\n\s+at /);

    const postgres = await runCli("backup", ["--out", path.join(dataDir, "x.db")], {
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://app:s3cret@db.internal/fineline",
    });
    expect(postgres.status).toBe(2);
    expect(postgres.output).toContain("pg_dump");
    expect(postgres.output).not.toContain("s3cret");
    expect(existsSync(path.join(dataDir, "x.db"))).toBe(false);
  });

  it("refuses a backup written into DATA_DIR, however the path is spelled, and leaves the database as it was", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "fineline-backup-"));
    const dataDir = path.join(root, "data");
    const app = await buildTestApp(undefined, { DATA_DIR: dataDir });
    try {
      expect((await app.inject(contactPost("inside", 1))).statusCode).toBe(201);
      mkdirSync(path.join(dataDir, "backups"));
      symlinkSync(dataDir, path.join(root, "link"));
      const before = dataDirState(dataDir);
      // The journal's name, with the server running, is the one that locked every later backup.
      for (const out of [
        path.join(dataDir, "app.db-journal"),
        path.join(dataDir, "..", "data", "copy.db"),
        path.join(root, "link", "copy.db"),
        path.join(dataDir, "backups", "copy.db"),
        // A folder not made yet counts by where it would be: not made, and refused.
        path.join(root, "link", "new-folder", "copy.db"),
      ]) {
        const refused = await runCli("backup", ["--out", out], { DATA_DIR: dataDir });
        expect([refused.status, refused.output]).toEqual([
          1,
          `backup: ${path.resolve(out)} is in DATA_DIR (${dataDir}): write backups somewhere else.\n`,
        ]);
      }
      expect(dataDirState(dataDir)).toEqual(before);
      expect(readdirSync(path.join(dataDir, "backups"))).toEqual([]);

      const elsewhere = await runCli("backup", ["--out", path.join(root, "fineline.db")], {
        DATA_DIR: dataDir,
      });
      expect(elsewhere.status, elsewhere.output).toBe(0);
      expect(elsewhere.output).toMatch(/^backup: 1 leads, /);
      // The usage line's folder, new: made, private, and the backup in it.
      const nightly = path.join(root, "backups", "nightly", "fineline.db");
      const made = await runCli("backup", ["--out", nightly], { DATA_DIR: dataDir });
      expect(made.status, made.output).toBe(0);
      expect(statSync(path.dirname(nightly)).mode & 0o777).toBe(0o700);
      expect(statSync(nightly).mode & 0o777).toBe(0o600);
    } finally {
      await app.close();
    }
  }, 30_000);
});
