import { spawnSync } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { findUserByEmail } from "../auth/users.repository.ts";
import { loadConfig } from "../config.ts";
import { openSqlite } from "../db/connect.ts";
import { makeFakeBuild } from "../test-support/fake-build.ts";
import { runCli } from "../test-support/run-cli.ts";

const run = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ["server/cli/create-admin.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });

describe("npm run create-admin", () => {
  it("succeeds for every one of several runs at the same moment, with one admin", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-admin-"));
    const args = ["--email", "owner@fineline.studio", "--password", "a long password"];
    const runs = await Promise.all(
      [1, 2, 3].map(() => runCli("create-admin", args, { DATA_DIR: dataDir })),
    );
    for (const result of runs) expect(result.status, result.output).toBe(0);
    const handle = openSqlite(path.join(dataDir, "app.db"));
    const users = await handle.db.selectFrom("users").select(["role"]).execute();
    expect(users).toEqual([{ role: "admin" }]);
    await handle.close();
  }, 60_000);

  it("creates an admin, then promotes an existing user, non-interactively", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-admin-"));
    const created = run(["--email", "Owner@Fineline.studio", "--password", "first password"], {
      DATA_DIR: dataDir,
    });
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(/created admin Owner@Fineline\.studio/);
    const again = run(["--email", "owner@fineline.studio", "--password", "second password"], {
      DATA_DIR: dataDir,
    });
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/is now an admin/);

    const handle = openSqlite(path.join(dataDir, "app.db"));
    expect((await findUserByEmail(handle.db, "OWNER@fineline.studio"))?.role).toBe("admin");
    expect(await handle.db.selectFrom("users").select("id").execute()).toHaveLength(1);
    await handle.close();

    // The new password logs in through the API, with the key generated in DATA_DIR.
    const buildDir = makeFakeBuild();
    const app = await buildApp(
      loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }, { buildDir }),
    );
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "owner@fineline.studio", password: "second password" },
    });
    expect(login.statusCode).toBe(200);
    const admin = await app.inject({
      method: "POST",
      url: "/api/auth/admin",
      headers: { "x-access-token": login.json().accessToken },
    });
    expect(admin.json()).toEqual({ admin: true });
    await app.close();
    expect(statSync(path.join(dataDir, "jwt-secret")).mode & 0o777).toBe(0o600);
  });

  it("refuses a short password or a missing e-mail with a usage line", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-admin-"));
    const short = run(["--email", "a@b.example", "--password", "short"], { DATA_DIR: dataDir });
    expect(short.status).not.toBe(0);
    expect(short.stderr).toMatch(/usage: npm run create-admin/);
    expect(run(["--password", "long enough password"], { DATA_DIR: dataDir }).status).not.toBe(0);
  });

  it("names the argument that is missing", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-admin-"));
    const noPassword = run(["--email", "a@b.example"], { DATA_DIR: dataDir });
    expect(noPassword.status).toBe(2);
    expect(noPassword.stderr.split("\n")[0]).toBe("create-admin: --password is missing.");
    const noEmail = run(["--password", "long enough password"], { DATA_DIR: dataDir });
    expect(noEmail.stderr.split("\n")[0]).toBe("create-admin: --email is missing.");
    expect(run([], { DATA_DIR: dataDir }).stderr.split("\n")[0]).toBe(
      "create-admin: --email and --password are missing.",
    );
  });
});
