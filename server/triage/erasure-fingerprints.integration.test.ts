import { createHash } from "node:crypto";
import { SqliteAdapter, sql } from "kysely";
import { describe, expect } from "vitest";
import { endpoints } from "../../domain/endpoints.ts";
import type { Db } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";

/**
 * An erased lead leaves nothing in the database that can be matched to its address: not the
 * address, nor any plain hash of it, including the fingerprint its form token's one use was
 * checked against (keyed by the token, which is never stored: docs/product.md).
 */
const email = "Grace.Hopper@Example.com";
const message = "We would like a new website for our compiler school.";

const sha256 = (text: string) => [
  createHash("sha256").update(text).digest("hex"),
  createHash("sha256").update(text).digest("base64url"),
];
/** The person's address and message, and every plain hash of them the code has ever stored. */
const traces = [
  email,
  email.toLowerCase(),
  message,
  ...sha256(`${email.toLowerCase()}\n${message}`),
  ...sha256(`${email}\n${message}`),
  ...sha256(email.toLowerCase()),
  ...sha256(`auto-reply:${email.toLowerCase()}`),
];

/** Every row of every table, as text. */
async function everything(db: Db): Promise<string> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const { rows: tables } = sqlite
    ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
    : await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  let text = "";
  for (const { name } of tables)
    text += JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(db)).rows);
  return text;
}

describe.each(testEngines)("erasing a lead sent with a form token on $name", (engine) => {
  let clock = new Date("2026-11-30T15:00:00.000Z");
  const test = engineTest(engine, { deps: { now: () => clock } });

  test("leaves no address, message or hash of them anywhere, the token's use included", async ({
    database,
    app,
  }) => {
    const admin = await signedInUser(database.db, "admin");
    const { token } = (await app.inject({ method: "GET", url: endpoints.contactToken.url })).json();
    clock = new Date(clock.getTime() + 20_000);
    const sent = await app.inject({
      method: "POST",
      url: "/api/leads/contact-us",
      payload: { email, firstName: "Grace", lastName: "Hopper", message, formToken: token },
    });
    expect(sent.statusCode).toBe(201);
    const lead = await database.db
      .selectFrom("leads")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    // The token's one use is recorded, and the scan finds the person while they are there.
    expect(await database.db.selectFrom("form_token_uses").selectAll().execute()).toHaveLength(1);
    expect(await everything(database.db)).toContain(email);

    const erased = await app.inject({
      method: "DELETE",
      url: `/api/leads/${lead.id}`,
      headers: { "x-access-token": admin.accessToken },
    });
    expect(erased.statusCode).toBe(200);

    const after = await everything(database.db);
    for (const trace of traces) expect(after, trace).not.toContain(trace);
    // The token stays used: the same message again with it is a retry, another is spam.
    expect(await database.db.selectFrom("form_token_uses").selectAll().execute()).toHaveLength(1);
  });
});
