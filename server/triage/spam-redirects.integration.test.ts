import { describe, expect } from "vitest";
import { leadTexts } from "../../domain/lead-record.ts";
import { leadForIncoming } from "../mail/replies.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

/**
 * A merged lead moved to Spam and brought back keeps the links of the leads merged into it
 * (docs/decisions/041-merging-leads.md): the old ID answers where it went again, and a reply
 * to the old lead's e-mails finds the kept one. On both engines.
 */
describe.each(testEngines)("a merged lead through Spam and back on $name", (engine) => {
  const test = engineTest(engine, {
    env: { DIGEST_HOUR: "off", RATE_LIMIT: "off", TIMEZONE: "UTC" },
  }).extend(
    "call",
    ({ app, admin }) =>
      (method: "GET" | "POST", url: string, payload?: object) =>
        app.inject({
          method,
          url,
          headers: { "x-access-token": admin.accessToken },
          ...(payload ? { payload } : {}),
        }),
  );

  test("keeps the merged-away IDs' redirects while in Spam and restores them", async ({
    app,
    database,
    call,
  }) => {
    for (const email of ["ana@example.com", "ana.lopes@example.com"]) {
      const sent = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        payload: { email, firstName: "Ana", lastName: "Lopes", message: "A new shop, please." },
      });
      expect(sent.statusCode).toBe(201);
    }
    const [kept, other] = ((await call("GET", "/api/leads/new")).json() as { ID: string }[]).map(
      (lead) => lead.ID,
    ) as [string, string];
    expect((await call("POST", `/api/leads/${kept}/merge`, { from: other })).statusCode).toBe(200);
    const where = async () => (await call("GET", `/api/leads/${other}`)).json();
    expect(await where()).toEqual({ message: leadTexts.notFound, mergedInto: kept });

    expect((await call("POST", `/api/leads/${kept}/spam`, {})).statusCode).toBe(200);
    // In Spam, the kept lead is no lead: the old ID points nowhere for now.
    expect(await where()).toEqual({ message: leadTexts.notFound });

    expect((await call("POST", `/api/leads/${kept}/not-spam`, {})).statusCode).toBe(200);
    expect(await where()).toEqual({ message: leadTexts.notFound, mergedInto: kept });
    expect(
      await leadForIncoming(database.db, { referenced: [], tokenLeadIds: [other], sender: null }),
    ).toEqual({ leadId: kept, rule: "token" });
  });
});
