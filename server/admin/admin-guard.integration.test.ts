import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpointPath, endpoints } from "../../domain/endpoints.ts";
import { accessTexts } from "../auth/guards.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { badAccessTokens, signedInUser, testSecret } from "../test-support/tokens.ts";

/**
 * Every admin endpoint, read from the contracts (so a new one is covered the day it is
 * added): a missing, forged or otherwise bad token gets 401, a signed-in non-admin 403, each
 * with `no-store` and nothing changed. The account endpoints take tokens too but answer for
 * themselves (docs/product.md, "Verify, refresh, logout"); they are tested in auth/.
 */
const adminEndpoints = Object.entries(endpoints).filter(
  ([, endpoint]) => "security" in endpoint.schema && !endpoint.url.startsWith("/api/auth/"),
);

describe.each(testEngines)("the admin guard on $name", (engine) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let member: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    database = await engine.open();
    app = await buildTestApp(database, { JWT_SECRET: testSecret });
    admin = await signedInUser(database.db, "admin");
    member = await signedInUser(database.db, "user");
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("covers every admin endpoint of the contracts", () => {
    expect(adminEndpoints.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "newLeads",
        "oldLeads",
        "dueLeads",
        "leadChanges",
        "lead",
        "updateLead",
        "bulkUpdate",
        "bulkSpam",
        "bulkNotSpam",
        "bulkErase",
        "eraseLead",
        "spamLeads",
        "notSpam",
        "markSpam",
        "exportLeads",
        "stats",
        "settings",
        "leadHistory",
        "leadMessages",
        "sendLeadMessage",
        "retryLeadMessage",
        "readLeadMessages",
        "templates",
        "createTemplate",
        "updateTemplate",
        "deleteTemplate",
        "events",
        "eventRegistrations",
        "exportEventRegistrations",
        "cancelEventRegistration",
      ]),
    );
  });

  it.each(adminEndpoints)("refuses %s without an admin's token", async (_name, endpoint) => {
    const id = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";
    const url = endpointPath(endpoint, { id, messageId: id, slug: "open-evening" });
    // A body that would pass validation: the guard must refuse before the body matters.
    const payload =
      endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : { IDs: [id] };
    const call = (token?: string) =>
      app.inject({
        method: endpoint.method,
        url,
        headers: token === undefined ? {} : { "x-access-token": token },
        ...(payload ? { payload } : {}),
      });
    for (const [kind, token] of Object.entries(
      await badAccessTokens(admin.id, admin.refreshToken),
    )) {
      const res = await call(token);
      expect(res.statusCode, kind).toBe(401);
      expect(res.json()).toEqual({ message: accessTexts.unauthenticated });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const res = await call(member.accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: accessTexts.forbidden });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
