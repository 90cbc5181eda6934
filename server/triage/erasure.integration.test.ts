import { existsSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { leadTexts } from "../../domain/lead-record.ts";
import { createContactLead } from "../contact/lead-intake.repository.ts";
import { type DatabaseHandle, openSqlite } from "../db/connect.ts";
import { uuidv7 } from "../db/uuid.ts";
import { enqueueLeadNotification } from "../leads/lead-notification.ts";
import { testEngines } from "../test-support/databases.ts";
import { itOn } from "../test-support/engine-tests.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { badAccessTokens, signedInUser, testSecret } from "../test-support/tokens.ts";

const clock = new Date("2026-11-23T15:00:00.000Z");

describe.each(testEngines)("erasing a lead on $name", (engine) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeEach(async () => {
    database = await engine.open();
    app = await buildTestApp(database, { JWT_SECRET: testSecret }, { now: () => clock });
    admin = await signedInUser(database.db, "admin");
  });
  afterEach(async () => {
    await app.close();
    await database.close();
  });

  const seed = async (firstName: string, message: string) =>
    (
      await createContactLead(database.db, {
        firstName,
        lastName: "Quist",
        email: `${firstName.toLowerCase()}@quist.example`,
        message,
        sourcePage: "/",
      })
    ).id;
  const request = (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { "x-access-token": admin.accessToken },
      ...(payload ? { payload } : {}),
    });
  const databaseFile = async () => {
    const { rows } = await sql<{ file: string }>`
      select file from pragma_database_list where name = 'main'`.execute(database.db);
    return rows[0]?.file ?? "";
  };
  /** Neither the database file nor its write-ahead log holds any of `texts`. */
  const expectNoTrace = (file: string, texts: string[]) => {
    const bytes = Buffer.concat(
      [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
    );
    for (const text of [...texts, ...texts.map((t) => t.toLowerCase())])
      expect(bytes.includes(Buffer.from(text)), text).toBe(false);
    // The lead that stays is still there: the check reads the right file.
    expect(bytes.includes(Buffer.from("Bakery website"))).toBe(true);
  };
  const waitFor = async (condition: () => Promise<boolean>, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error("not within the time allowed");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const rows = async (table: "leads" | "lead_events" | "outbox" | "audit_events", id: string) => {
    const column = table === "leads" ? "id" : table === "audit_events" ? "subject_id" : "lead_id";
    return database.db.selectFrom(table).selectAll().where(column, "=", id).execute();
  };

  it("removes the lead, its history, its pending e-mails and its search entry, and audits it", async () => {
    const id = await seed("Zebulon", "Our marmalade workshop needs a booking page");
    const keep = await seed("Rosa", "Bakery website");
    await request("POST", `/api/leads/update/${id}`, { CommStatus: "REPLIED", Notes: "Called" });
    await database.db.transaction().execute((trx) => enqueueLeadNotification(trx, id, clock));
    expect(await rows("lead_events", id)).not.toHaveLength(0);
    expect(await rows("outbox", id)).toHaveLength(1);
    expect((await request("GET", "/api/leads/old?q=marmalade")).json()).toHaveLength(1);

    const res = await request("DELETE", `/api/leads/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: leadTexts.erased, diskPending: false });
    expect(res.headers["cache-control"]).toBe("no-store");

    expect(await rows("leads", id)).toEqual([]);
    expect(await rows("lead_events", id)).toEqual([]);
    expect(await rows("outbox", id)).toEqual([]);
    expect((await request("GET", "/api/leads/old?q=marmalade")).json()).toEqual([]);
    expect((await request("GET", "/api/leads/old?q=zebulon")).json()).toEqual([]);
    if (engine.name === "sqlite") {
      // The FTS5 index's own table holds no trace of the lead.
      const byId = await sql<{ n: number }>`
        select count(*) as n from leads_search where lead_id = ${id}`.execute(database.db);
      const byWord = await sql<{ n: number }>`
        select count(*) as n from leads_search where leads_search match ${'"marmalade"'}`.execute(
        database.db,
      );
      expect(Number(byId.rows[0]?.n) + Number(byWord.rows[0]?.n)).toBe(0);
    }
    expect((await request("GET", `/api/leads/${id}/history`)).statusCode).toBe(404);
    // The other lead is untouched.
    expect(await rows("leads", keep)).toHaveLength(1);

    const audit = await rows("audit_events", id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "lead.erased", actor_email: "admin@fineline.studio" });
    const text = JSON.stringify(audit).toLowerCase();
    for (const personal of ["zebulon", "quist", "marmalade"]) expect(text).not.toContain(personal);
  });

  itOn(engine, "sqlite")(
    "leaves no trace of the lead in the database file or its write-ahead log",
    async () => {
      const word = "Quillfeatherworks";
      const id = await seed("Ottoline", `${word} needs a shop for hand-bound notebooks`);
      await request("POST", `/api/leads/update/${id}`, { Notes: `${word} called back` });
      await seed("Rosa", "Bakery website");
      const erased = await request("DELETE", `/api/leads/${id}`);
      expect(erased.json()).toEqual({ message: leadTexts.erased, diskPending: false });
      expectNoTrace(await databaseFile(), [word, "Ottoline", "ottoline@quist.example"]);
    },
  );

  itOn(engine, "sqlite")(
    "finishes the erasure on disk in the background while a reader holds the database, never blocking the server",
    async () => {
      const word = "Marrowbonemarmalade";
      const id = await seed("Perpetua", `${word} wants a shop`);
      await seed("Rosa", "Bakery website");
      const file = await databaseFile();
      // Another program reading the file (a backup, a sqlite3 session): an older snapshot.
      const reader = new DatabaseSync(file);
      reader.exec("BEGIN");
      reader.prepare("select count(*) from leads").get();
      try {
        const started = performance.now();
        const [erase, health] = await Promise.all([
          request("DELETE", `/api/leads/${id}`),
          app.inject({ method: "GET", url: "/healthz" }),
        ]);
        const eraseMs = performance.now() - started;
        expect(erase.statusCode).toBe(200);
        expect(erase.json()).toEqual({ message: leadTexts.erasedDiskPending, diskPending: true });
        expect(health.statusCode).toBe(200);
        expect(eraseMs).toBeLessThan(1_000);
        // The lead is gone from the tracker at once; its bytes wait for the reader.
        expect(await rows("leads", id)).toEqual([]);
        expect((await request("GET", "/api/leads/stats")).json().erasuresPendingOnDisk).toBe(1);
        const timed = performance.now();
        expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
        expect(performance.now() - timed).toBeLessThan(200);
        console.log(
          `erasure with a reader holding the database: answered in ${Math.round(eraseMs)} ms`,
        );
      } finally {
        reader.exec("COMMIT");
        reader.close();
      }
      const released = performance.now();
      await waitFor(
        async () => (await request("GET", "/api/leads/stats")).json().erasuresPendingOnDisk === 0,
      );
      console.log(
        `erasure: off the disk ${Math.round(performance.now() - released)} ms after the reader let go`,
      );
      expectNoTrace(file, [word, "Perpetua", "perpetua@quist.example"]);
    },
  );

  itOn(engine, "sqlite")("finishes an erasure left pending on disk after a restart", async () => {
    const word = "Quinceandcardamom";
    const id = await seed("Wilhelmina", `${word} preserves need a site`);
    await seed("Rosa", "Bakery website");
    const file = await databaseFile();
    const reader = new DatabaseSync(file);
    reader.exec("BEGIN");
    reader.prepare("select count(*) from leads").get();
    expect((await request("DELETE", `/api/leads/${id}`)).json().diskPending).toBe(true);
    // The server stops before the reader lets go.
    await app.close();
    await database.close();
    reader.exec("COMMIT");
    reader.close();

    database = openSqlite(file);
    app = await buildTestApp(database, { JWT_SECRET: testSecret }, { now: () => clock });
    await waitFor(
      async () => (await request("GET", "/api/leads/stats")).json().erasuresPendingOnDisk === 0,
    );
    expectNoTrace(file, [word, "Wilhelmina", "wilhelmina@quist.example"]);
  });

  it("answers 404 for a lead that does not exist, or no longer does, and 400 for a bad ID", async () => {
    const id = await seed("Mei", "Physio booking");
    expect((await request("DELETE", `/api/leads/${id}`)).statusCode).toBe(200);
    const again = await request("DELETE", `/api/leads/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(leadTexts.notFound);
    expect((await request("DELETE", `/api/leads/${uuidv7()}`)).statusCode).toBe(404);
    const bad = await request("DELETE", "/api/leads/not-a-lead");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(leadTexts.badId);
    // Only the one erasure is audited.
    expect(await database.db.selectFrom("audit_events").selectAll().execute()).toHaveLength(1);
  });

  it("is for admins only", async () => {
    const id = await seed("Jamal", "Shop");
    const signedUp = await signedInUser(database.db, "user");
    for (const [name, token] of Object.entries(
      await badAccessTokens(admin.id, admin.refreshToken),
    )) {
      const res = await app.inject({
        method: "DELETE",
        url: `/api/leads/${id}`,
        headers: token === undefined ? {} : { "x-access-token": token },
      });
      expect(res.statusCode, name).toBe(401);
    }
    const denied = await app.inject({
      method: "DELETE",
      url: `/api/leads/${id}`,
      headers: { "x-access-token": signedUp.accessToken },
    });
    expect(denied.statusCode).toBe(403);
    expect(await rows("leads", id)).toHaveLength(1);
  });
});
