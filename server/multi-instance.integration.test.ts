import { type ChildProcess, spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "./auth/users.repository.ts";
import { openPostgres } from "./db/connect.ts";
import { postgresAdminQuery, postgresUrlFor } from "./test-support/databases.ts";
import { makeFakeBuild } from "./test-support/fake-build.ts";
import { exited, type ServerProcess, startServerProcess } from "./test-support/server-process.ts";
import { startSmtp } from "./test-support/smtp.ts";

/**
 * Several instances behind a load balancer, one PostgreSQL (ADR 016): three real server
 * processes started at the same moment on one fresh database, driven as a balancer would.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const dbName = `multi_${process.pid}_${Date.now().toString(36)}`;
const databaseUrl = postgresUrlFor(dbName);
const owner = { email: "owner@multi.example", password: "correct horse battery staple 42" };

const children: ChildProcess[] = [];
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let instances: { name: string; server: ServerProcess; url: string }[] = [];

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const lead = (email: string, n: number) => ({
  email,
  firstName: "Storm",
  lastName: `Lane ${n}`,
  message: `Multi-instance message ${n}: please call about a new booking site.`,
});

describe.runIf(pgUrl)("three instances on one PostgreSQL", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    await postgresAdminQuery(`create database "${dbName}"`);
    smtp = await startSmtp();
    const root = path.dirname(makeFakeBuild());
    // Started together: they race to migrate and to create the signing key. Each has its own
    // DATA_DIR, as separate machines would: nothing may be shared through files.
    instances = ["A", "B", "C"].map((name) => {
      const server = startServerProcess(
        {
          PORT: "0",
          LOG_LEVEL: "info",
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(root, `data-${name}`),
          SMTP_URL: smtp.url,
          NOTIFY_EMAIL: "studio@multi.example",
          DIGEST_HOUR: "off",
          // Behind the balancer: the client's address comes from X-Forwarded-For.
          TRUST_PROXY: "loopback",
          // A crashed instance's claimed e-mail is taken over after 5 s, not 2 minutes.
          OUTBOX_LEASE_SECONDS: "5",
        },
        root,
      );
      children.push(server.child);
      return { name, server, url: "" };
    });
    for (const instance of instances) instance.url = await instance.server.url();
    const created = spawnSync(
      process.execPath,
      ["server/cli/create-admin.ts", "--email", owner.email, "--password", owner.password],
      { env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl }, encoding: "utf8" },
    );
    expect(created.status, created.stderr).toBe(0);
    // Three processes starting on two busy cores (the rest of the suite runs beside them).
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exited));
    await smtp?.close();
    if (pgUrl) await postgresAdminQuery(`drop database if exists "${dbName}" with (force)`);
  }, 60_000);

  const urlOf = (i: number) => instances[i]?.url ?? "";
  const a = () => urlOf(0);
  const b = () => urlOf(1);
  const c = () => urlOf(2);

  it("migrated once, with one signing key, and each instance is ready", async () => {
    const handle = openPostgres(databaseUrl);
    try {
      const keys = await handle.db.selectFrom("server_secrets").select("name").execute();
      expect(keys).toHaveLength(1);
    } finally {
      await handle.close();
    }
    for (const url of [a(), b(), c()]) expect((await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it("accepts a token from A on B and C, and a logout on B ends the session on A", async () => {
    const login = await post(`${a()}/api/auth/login`, {
      username: owner.email,
      password: owner.password,
    });
    expect(login.status).toBe(200);
    const session = (await login.json()) as {
      id: string;
      accessToken: string;
      refreshToken: string;
    };
    for (const url of [b(), c()]) {
      const list = await fetch(`${url}/api/leads/new`, {
        headers: { "x-access-token": session.accessToken },
      });
      expect(list.status).toBe(200);
    }
    expect((await post(`${b()}/api/auth/logout`, { refresh: session.refreshToken })).status).toBe(
      200,
    );
    const refresh = await post(`${a()}/api/auth/refresh`, {
      userID: session.id,
      refresh: session.refreshToken,
    });
    expect(refresh.status).toBe(401);
  });

  it("counts the contact form's limit over all three: ten from one address, then 429 on each", async () => {
    const from = { "x-forwarded-for": "203.0.113.77" };
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) {
      const url = [a(), b(), c()][n % 3] ?? "";
      const res = await post(
        `${url}/api/leads/contact-us`,
        lead(`limit-${n}@multi.example`, n),
        from,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    for (const url of [a(), b(), c()]) {
      const res = await post(
        `${url}/api/leads/contact-us`,
        lead("limit-x@multi.example", 99),
        from,
      );
      expect(res.status).toBe(429);
    }
  });

  it("keeps every acknowledged lead once through a write storm in which C is killed, and mails each once", async () => {
    const acknowledged = new Set<string>();
    let sent = 0;
    let refused = 0;
    let killed = false;
    let address = 0;
    // Nine lanes, three per instance; a lane whose instance dies moves on to the next, as a
    // balancer would, and sends the same lead again (a retry must not store it twice).
    const lane = async (n: number) => {
      let target = n % 3;
      for (let i = 0; acknowledged.size < 240; i++) {
        const email = `storm-${n}-${i}@multi.example`;
        for (let attempt = 0; attempt < 3; attempt++) {
          const url = instances[target]?.url ?? "";
          address++;
          const forwarded = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
          sent++;
          try {
            const res = await post(`${url}/api/leads/contact-us`, lead(email, i), {
              "x-forwarded-for": forwarded,
            });
            if (res.status === 201) acknowledged.add(email);
            else refused++;
            break;
          } catch {
            target = (target + 1) % 3; // connection refused or reset: try the next instance
          }
        }
        if (!killed && acknowledged.size >= 80) {
          killed = true;
          instances[2]?.server.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: 9 }, (_, n) => lane(n)));
    expect(killed).toBe(true);
    expect(refused).toBe(0);

    const handle = openPostgres(databaseUrl);
    try {
      const rows = await handle.db
        .selectFrom("leads")
        .select(["id", "email"])
        .where("email", "like", "storm-%")
        .execute();
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.email, (counts.get(row.email) ?? 0) + 1);
      expect([...acknowledged].filter((email) => counts.get(email) !== 1)).toEqual([]);
      expect([...counts.values()].filter((count) => count > 1)).toEqual([]);

      // Every lead's notification goes out: C's claimed row, if it held one, after its lease.
      const deadline = Date.now() + 90_000;
      for (;;) {
        const pending = await handle.db
          .selectFrom("outbox")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("sent_at", "is", null)
          .executeTakeFirstOrThrow();
        if (Number(pending.n) === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const allLeads = await handle.db.selectFrom("leads").select("id").execute();
      const received = new Map<string, number>();
      for (const mail of smtp.received) {
        const id = /Message-ID: <lead-([^@>]+)@/i.exec(mail.raw)?.[1];
        if (id) received.set(id, (received.get(id) ?? 0) + 1);
      }
      expect(allLeads.filter((row) => !received.has(row.id))).toEqual([]);
      // At-least-once: only a send C finished just before it was killed, and had not yet
      // marked as sent, can go out twice. Each instance sends one row at a time.
      const twice = [...received.values()].filter((count) => count > 1);
      expect(twice.length).toBeLessThanOrEqual(1);
      console.log(
        `multi-instance: ${instances.length} instances, 1 killed; ${sent} requests, ` +
          `${acknowledged.size} acknowledged, ${rows.length} stored, ` +
          `${smtp.received.length} e-mails for ${allLeads.length} leads (${twice.length} sent twice)`,
      );
    } finally {
      await handle.close();
    }
  });

  it("round-robin over two instances: 30 leads at once give each of three people 10", async () => {
    const handle = openPostgres(databaseUrl);
    try {
      for (const email of ["mia@multi.example", "leo@multi.example"])
        await createUser(handle.db, {
          email,
          firstName: "Round",
          lastName: "Robin",
          passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRz$aGFzaGhhc2hoYXNoaGFzaA",
          role: "member",
        });
      const login = await post(`${a()}/api/auth/login`, {
        username: owner.email,
        password: owner.password,
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const mode = await fetch(`${b()}/api/team/assignment`, {
        method: "PUT",
        headers: { "content-type": "application/json", "x-access-token": accessToken },
        body: JSON.stringify({ mode: "round-robin" }),
      });
      expect(mode.status).toBe(200);
      const before = await handle.db
        .selectFrom("team_assignment")
        .select("turn")
        .executeTakeFirstOrThrow();

      // A and B at once (C was killed above), each lead from an address of its own.
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          post(`${n % 2 ? a() : b()}/api/leads/contact-us`, lead(`rr-${n}@multi.example`, n), {
            "x-forwarded-for": `192.0.2.${n + 1}`,
          }).then((res) => res.status),
        ),
      );
      expect(statuses).toEqual(Array(30).fill(201));

      const rows = await handle.db
        .selectFrom("leads")
        .innerJoin("users", "users.id", "leads.assigned_to")
        .select(["users.email"])
        .where("leads.email", "like", "rr-%")
        .execute();
      const perPerson = new Map<string, number>();
      for (const row of rows) perPerson.set(row.email, (perPerson.get(row.email) ?? 0) + 1);
      expect(Object.fromEntries(perPerson)).toEqual({
        [owner.email]: 10,
        "mia@multi.example": 10,
        "leo@multi.example": 10,
      });
      // One turn taken, and one history line written, for each lead: none lost to a race.
      const turns = await handle.db
        .selectFrom("lead_events")
        .select("to_value")
        .where("via", "=", "round-robin")
        .execute();
      expect(turns).toHaveLength(30);
      const after = await handle.db
        .selectFrom("team_assignment")
        .select("turn")
        .executeTakeFirstOrThrow();
      expect(Number(after.turn) - Number(before.turn)).toBe(30);
    } finally {
      await handle.close();
    }
  });

  it("never writes a password, token or lead's message to any instance's log", () => {
    const logs = instances.map((instance) => instance.server.output()).join("\n");
    expect(logs).toContain("request completed");
    expect(logs).not.toContain(owner.password);
    expect(logs).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/); // a JWT
    expect(logs).not.toContain("Multi-instance message");
    expect(logs).not.toContain("please call about");
  });
});
