import { spawnSync } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { findUserByEmail } from "../auth/users.repository.ts";
import { loadConfig } from "../config.ts";
import { openSqlite } from "../db/connect.ts";
import { postgresAdminQuery, postgresUrlFor } from "../test-support/databases.ts";
import { makeFakeBuild } from "../test-support/fake-build.ts";
import { runCli } from "../test-support/run-cli.ts";

const run = (args: string[], env: Record<string, string>, input?: string) =>
  spawnSync(process.execPath, ["server/cli/create-admin.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
    ...(input === undefined ? {} : { input }),
  });

/**
 * Where the CLI and an app find one database: a DATA_DIR of its own (SQLite), or a fresh
 * PostgreSQL database (TEST_DATABASE_URL), dropped after the run.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const createdDatabases: string[] = [];
const places = [
  {
    name: "sqlite",
    env: async () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "fineline-admin-")) }),
  },
  ...(pgUrl
    ? [
        {
          name: "postgres",
          env: async () => {
            const name = `admin_${process.pid}_${Date.now().toString(36)}_${createdDatabases.length}`;
            await postgresAdminQuery(`create database "${name}"`);
            createdDatabases.push(name);
            return {
              DATABASE_URL: postgresUrlFor(name),
              DATA_DIR: mkdtempSync(path.join(tmpdir(), "fineline-admin-")),
            };
          },
        },
      ]
    : []),
];
afterAll(async () => {
  for (const name of createdDatabases)
    await postgresAdminQuery(`drop database if exists "${name}" with (force)`);
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
    expect(users).toEqual([{ role: "owner" }]);
    await handle.close();
  }, 60_000);

  it("creates an admin, then sets its password again, non-interactively", async () => {
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
    expect(again.stdout).toMatch(/is an admin; its password is replaced/);

    const handle = openSqlite(path.join(dataDir, "app.db"));
    expect((await findUserByEmail(handle.db, "OWNER@fineline.studio"))?.role).toBe("owner");
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
    expect(admin.json()).toEqual({ admin: true, role: "owner" });
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

  it("names a missing --email at once, without waiting on standard input left open", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-admin-"));
    // runCli leaves the child's standard input open and never writes to it.
    const result = await runCli("create-admin", [], { DATA_DIR: dataDir });
    expect(result.status).toBe(2);
    expect(result.output.split("\n")[0]).toBe("create-admin: --email and --password are missing.");
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

describe.each(places)("create-admin and existing sessions on $name", (place) => {
  const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
    app.inject({
      method: "POST",
      url,
      payload,
      headers: token ? { "x-access-token": token } : {},
    });
  const get = (app: FastifyInstance, url: string, token: string) =>
    app.inject({ method: "GET", url, headers: { "x-access-token": token } });
  const withApp = async (
    env: Record<string, string>,
    use: (app: FastifyInstance) => Promise<void>,
  ) => {
    const app = await buildApp(
      loadConfig({ LOG_LEVEL: "silent", ...env }, { buildDir: makeFakeBuild() }),
    );
    try {
      await use(app);
    } finally {
      await app.close();
    }
  };

  it("never hands admin to an account that signed itself up, unless told to, and then ends its sessions", async () => {
    const env = await place.env();
    const email = "new-owner@example.com";
    let attacker = { id: "", accessToken: "", refreshToken: "" };
    await withApp(env, async (app) => {
      const signup = await post(app, "/api/auth/signup", {
        email,
        password: "attacker password",
        first_name: "Mallory",
        last_name: "Early",
      });
      expect(signup.statusCode).toBe(201);
      attacker = signup.json();
    });

    const refused = run(["--email", email, "--password", "the owner's password"], env);
    expect(refused.status).toBe(1);
    const line = refused.stderr.trim();
    expect(line.split("\n")).toHaveLength(1);
    expect(line).toMatch(
      /^create-admin: new-owner@example\.com already has an account that is not an owner, signed up on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\..*--promote-existing/,
    );
    await withApp(env, async (app) => {
      expect((await post(app, "/api/auth/admin", {}, attacker.accessToken)).json()).toEqual({
        admin: false,
      });
      expect((await get(app, "/api/leads/new", attacker.accessToken)).statusCode).toBe(403);
    });

    const promoted = run(
      ["--email", email, "--password", "the owner's password", "--promote-existing"],
      env,
    );
    expect(promoted.status, promoted.stderr).toBe(0);
    expect(promoted.stdout).toMatch(
      /is now an admin; its password is replaced and every session it had is ended/,
    );
    await withApp(env, async (app) => {
      // What the earlier sign-up holds is worth nothing now.
      expect((await post(app, "/api/auth/admin", {}, attacker.accessToken)).statusCode).toBe(401);
      expect((await get(app, "/api/leads/new", attacker.accessToken)).statusCode).toBe(401);
      expect((await get(app, "/api/leads/export.csv", attacker.accessToken)).statusCode).toBe(401);
      const verify = await post(
        app,
        "/api/auth/verify-login",
        { userID: attacker.id, refresh: attacker.accessToken },
        attacker.accessToken,
      );
      expect(verify.statusCode).toBe(401);
      const refresh = await post(app, "/api/auth/refresh", {
        userID: attacker.id,
        refresh: attacker.refreshToken,
      });
      expect(refresh.statusCode).toBe(401);
      expect(
        (await post(app, "/api/auth/login", { username: email, password: "attacker password" }))
          .statusCode,
      ).toBe(401);
      // The owner's password works, and is admin.
      const login = await post(app, "/api/auth/login", {
        username: email,
        password: "the owner's password",
      });
      expect(login.statusCode).toBe(200);
      const admin = await post(app, "/api/auth/admin", {}, login.json().accessToken);
      expect(admin.json()).toEqual({ admin: true, role: "owner" });
      expect((await get(app, "/api/leads/new", login.json().accessToken)).statusCode).toBe(200);
    });
  }, 60_000);

  it("ends every earlier session when it sets an admin's password again, not when it is run again as it was", async () => {
    const env = await place.env();
    const email = "owner@fineline.studio";
    expect(run(["--email", email, "--password", "first password"], env).status).toBe(0);
    let earlier = { id: "", accessToken: "", refreshToken: "" };
    await withApp(env, async (app) => {
      earlier = (
        await post(app, "/api/auth/login", { username: email, password: "first password" })
      ).json();
      expect((await get(app, "/api/leads/new", earlier.accessToken)).statusCode).toBe(200);
    });

    // Run again as it was (a deploy step does): nothing changes, the session goes on.
    const same = run(["--email", email, "--password", "first password"], env);
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toMatch(/is already an admin with that password/);
    await withApp(env, async (app) => {
      expect((await get(app, "/api/leads/new", earlier.accessToken)).statusCode).toBe(200);
    });

    const again = run(["--email", email, "--password", "second password"], env);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(
      /is an admin; its password is replaced and every session it had is ended/,
    );
    await withApp(env, async (app) => {
      expect((await get(app, "/api/leads/new", earlier.accessToken)).statusCode).toBe(401);
      expect((await post(app, "/api/auth/admin", {}, earlier.accessToken)).statusCode).toBe(401);
      const refresh = await post(app, "/api/auth/refresh", {
        userID: earlier.id,
        refresh: earlier.refreshToken,
      });
      expect(refresh.statusCode).toBe(401);
      const login = await post(app, "/api/auth/login", {
        username: email,
        password: "second password",
      });
      expect(login.statusCode).toBe(200);
      expect((await get(app, "/api/leads/new", login.json().accessToken)).statusCode).toBe(200);
      // A refresh of the new session issues tokens that work.
      const refreshed = await post(app, "/api/auth/refresh", {
        userID: login.json().id,
        refresh: login.json().refreshToken,
      });
      expect(refreshed.statusCode).toBe(200);
      expect((await get(app, "/api/leads/new", refreshed.json().accessToken)).statusCode).toBe(200);
    });
  }, 60_000);
});

describe("create-admin's password kept off the command line", () => {
  it("reads it from standard input, and never prints it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-admin-"));
    const secret = "piped in, 8 to 60";
    const result = run(["--email", "owner@fineline.studio"], { DATA_DIR: dataDir }, `${secret}\n`);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(secret);
    const app = await buildApp(
      loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }, { buildDir: makeFakeBuild() }),
    );
    try {
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "owner@fineline.studio", password: secret },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("gives the real length rule in its usage line", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-admin-"));
    const short = run(["--email", "a@b.example", "--password", "short"], { DATA_DIR: dataDir });
    expect(short.status).toBe(2);
    expect(short.stderr).toContain("Passwords are 8 to 60 characters.");
    expect(short.stderr).toMatch(/usage: npm run create-admin .*--password '8 to 60 characters'/);
    expect(short.stderr).toContain("npm run --silent");
  });
});
