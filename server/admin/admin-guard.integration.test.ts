import { describe, expect } from "vitest";
import { endpointPath, endpoints } from "../../domain/endpoints.ts";
import { endpointRoles, type TeamEndpoint, teamRoles } from "../../domain/roles.ts";
import { accessTexts } from "../auth/guards.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { badAccessTokens, signedInUser } from "../test-support/tokens.ts";

/**
 * Every admin endpoint, read from the contracts (so a new one is covered the day it is
 * added): a missing, forged or otherwise bad token gets 401, a signed-in non-admin 403, each
 * with `no-store` and nothing changed. The account endpoints take tokens too but answer for
 * themselves (docs/product.md, "Verify, refresh, logout"); they are tested in auth/.
 */
const adminEndpoints = Object.entries(endpoints).filter(
  ([, endpoint]) => "security" in endpoint.schema && !endpoint.url.startsWith("/api/auth/"),
);

// One database and app per engine for the whole file, since these tests change nothing: such
// file-scoped fixtures are made at the top level, outside the describe.
const suites = testEngines.map((engine) => ({
  name: engine.name,
  test: engineTest(engine, { scope: "file" }),
}));

describe.each(suites)("the admin guard on $name", ({ test }) => {
  test("covers every admin endpoint of the contracts", () => {
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
        "messageRegistrants",
        "mediaLibrary",
        "uploadMedia",
        "updateMedia",
        "deleteMedia",
        "contentEntries",
        "createContent",
        "contentEntry",
        "saveContent",
        "deleteContent",
        "publishContent",
        "unpublishContent",
        "contentRevisions",
        "contentRevision",
        "restoreContentRevision",
        "createPreviewLink",
        "previewLinks",
        "revokePreviewLink",
        "siteSettings",
        "saveSiteSettings",
      ]),
    );
  });

  test.for(adminEndpoints)(
    "refuses %s without an admin's token",
    async ([_name, endpoint], { app, admin, signedUp }) => {
      const id = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";
      const url = endpointPath(endpoint, {
        id,
        messageId: id,
        revisionId: id,
        linkId: id,
        slug: "open-evening",
      });
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
      const res = await call(signedUp.accessToken);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: accessTexts.forbidden });
      expect(res.headers["cache-control"]).toBe("no-store");
    },
  );

  // The role table (domain/roles.ts, docs/product.md "Roles") walked endpoint by endpoint with
  // each role's own token: a role the table leaves out gets 403 before the body is read; one it
  // names gets past the guard (whatever the handler then makes of the request).
  test.for(adminEndpoints)(
    "lets %s be called by the roles that may, and no other",
    async ([name, endpoint], { app, database }) => {
      const allowed = endpointRoles[name as TeamEndpoint];
      expect(allowed, `${name} has no entry in domain/roles.ts`).toBeDefined();
      const id = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";
      const url = endpointPath(endpoint, {
        id,
        messageId: id,
        revisionId: id,
        linkId: id,
        slug: "x",
      });
      for (const role of teamRoles) {
        const person = await signedInUser(
          database.db,
          role,
          `${role}.${name.toLowerCase()}@fineline.studio`,
          app.tokens,
        );
        const res = await app.inject({
          method: endpoint.method,
          url,
          headers: { "x-access-token": person.accessToken },
          ...(endpoint.method === "GET" || endpoint.method === "DELETE" ? {} : { payload: {} }),
        });
        if (allowed.includes(role)) {
          expect([401, 403], `${role} on ${name}`).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, `${role} on ${name}`).toBe(403);
          expect(res.json()).toEqual({ message: accessTexts.notYourRole });
        }
      }
    },
  );

  test("keeps leads, the pipeline, insights and conversations from an editor", () => {
    const leadWork = adminEndpoints
      .map(([name]) => name as TeamEndpoint)
      .filter((name) =>
        /lead|pipeline|insight|message|mailbox|template|meeting|spam|erase|export|stats|due|registra/i.test(
          name,
        ),
      );
    expect(leadWork.length).toBeGreaterThan(25);
    for (const name of leadWork) expect(endpointRoles[name], name).not.toContain("editor");
  });
});
