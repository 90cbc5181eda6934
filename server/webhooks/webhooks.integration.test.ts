import { describe, expect } from "vitest";
import { webhookTexts } from "../../domain/webhooks.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { signedInUser } from "../test-support/tokens.ts";
import { pause, startReceiver } from "../test-support/webhook-receiver.ts";
import { createWebhook, purgeOldDeliveries } from "./webhooks.repository.ts";
import { webhookKey } from "./webhooks.routes.ts";

/**
 * The webhooks API (docs/integrations.md): owners only; add, list, change, pause, delete;
 * the secret shown once and kept sealed; every private address refused on save and again
 * before sending; deliveries purged after 30 days. On both engines, with no
 * WEBHOOK_PRIVATE_TARGETS.
 */
describe.each(testEngines)("webhooks API on $name", (engine) => {
  const test = engineTest(engine, {
    env: { RATE_LIMIT: "off", DIGEST_HOUR: "off" },
    deps: { webhookIntervalMs: 50, webhookRetries: [100] },
  }).extend(
    "call",
    ({ app, admin }) =>
      (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token?: string) =>
        app.inject({
          method,
          url,
          headers: { "x-access-token": token ?? admin.accessToken },
          ...(payload ? { payload } : {}),
        }),
  );

  test("an owner adds, lists, changes, pauses and deletes a webhook; the secret is shown once", async ({
    call,
    database,
  }) => {
    const created = await call("POST", "/api/webhooks", {
      url: "https://8.8.8.8/hooks/fineline",
      events: ["lead.created", "lead.won"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { webhook } = created.json();
    expect(webhook).toMatchObject({
      url: "https://8.8.8.8/hooks/fineline",
      events: ["lead.created", "lead.won"],
      format: "standard",
      status: "active",
      pausedAt: null,
    });
    expect(webhook.secret).toMatch(/^whsec_/);
    // Sealed at rest: the column never holds the secret itself.
    const row = await database.db.selectFrom("webhooks").select("secret").executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(webhook.secret.slice(6, 20));

    const listed = await call("GET", "/api/webhooks");
    expect(listed.json().webhooks).toHaveLength(1);
    expect(listed.json().webhooks[0].secret).toBeUndefined();

    const changed = await call("PUT", `/api/webhooks/${webhook.id}`, {
      events: ["booking.created"],
      format: "slack",
      paused: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook).toMatchObject({
      events: ["booking.created"],
      format: "slack",
      status: "paused",
      pauseReason: webhookTexts.pausedByOwner,
    });
    const resumed = await call("PUT", `/api/webhooks/${webhook.id}`, { paused: false });
    expect(resumed.json().webhook).toMatchObject({ status: "active", pauseReason: null });

    const deleted = await call("DELETE", `/api/webhooks/${webhook.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call("GET", "/api/webhooks")).json().webhooks).toEqual([]);
    expect((await call("DELETE", `/api/webhooks/${webhook.id}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/webhooks/${webhook.id}/deliveries`)).statusCode).toBe(404);
  });

  test("members and editors may not touch webhooks", async ({ call, database, app }) => {
    for (const role of ["member", "editor"] as const) {
      const user = await signedInUser(database.db, role, `${role}@fineline.studio`, app.tokens);
      const res = await call(
        "POST",
        "/api/webhooks",
        { url: "https://8.8.8.8/", events: ["lead.created"] },
        user.accessToken,
      );
      expect(res.statusCode).toBe(403);
      expect((await call("GET", "/api/webhooks", undefined, user.accessToken)).statusCode).toBe(
        403,
      );
    }
  });

  test("refuses private, loopback, link-local, metadata and plain-http URLs with a message", async ({
    call,
    database,
  }) => {
    const refused = [
      "http://127.0.0.1/hook",
      "https://127.0.0.1/hook",
      "https://10.0.0.1/",
      "https://172.16.5.4/",
      "https://192.168.1.10/",
      "https://[::ffff:127.0.0.1]/",
      "https://[::ffff:10.0.0.1]/",
      "https://[::1]/",
      "https://[fe80::1]/",
      "https://[fd00:ec2::254]/",
      "https://169.254.169.254/latest/meta-data/",
      "https://2130706433/",
      "https://0.0.0.0/",
      "https://localhost/",
      "http://8.8.8.8/",
      "ftp://8.8.8.8/",
      "https://user:pass@8.8.8.8/",
      "not a url",
    ];
    for (const url of refused) {
      const res = await call("POST", "/api/webhooks", { url, events: ["lead.created"] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/\w/);
    }
    const localhost = await call("POST", "/api/webhooks", {
      url: "https://localhost:8443/",
      events: ["lead.created"],
    });
    expect(localhost.json().message).toBe(webhookTexts.privateTarget("localhost"));
    const badEvents = await call("POST", "/api/webhooks", { url: "https://8.8.8.8/", events: [] });
    expect(badEvents.statusCode).toBe(400);
    const unknownEvent = await call("POST", "/api/webhooks", {
      url: "https://8.8.8.8/",
      events: ["lead.deleted"],
    });
    expect(unknownEvent.statusCode).toBe(400);
    // A change of URL is checked too.
    const ok = await call("POST", "/api/webhooks", {
      url: "https://8.8.8.8/",
      events: ["lead.created"],
    });
    const moved = await call("PUT", `/api/webhooks/${ok.json().webhook.id}`, {
      url: "https://169.254.169.254/",
    });
    expect(moved.statusCode).toBe(400);
    const rows = await database.db.selectFrom("webhooks").select("url").execute();
    expect(rows).toEqual([{ url: "https://8.8.8.8/" }]);
  });

  test("a private address is refused again before sending: nothing reaches it", async ({
    app,
    database,
  }) => {
    const receiver = await startReceiver();
    try {
      // Saved past the check (as if DNS had answered otherwise then): sending still refuses.
      const { webhook } = await createWebhook(
        database.db,
        { url: receiver.url, events: ["lead.created"], format: "standard" },
        webhookKey(app.tokens.key),
        new Date(),
      );
      const res = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        payload: { email: "ana@example.com", firstName: "Ana", lastName: "Lopes", message: "Hi" },
      });
      expect(res.statusCode, res.body).toBe(201);
      await pause(600);
      expect(receiver.received).toHaveLength(0);
      const delivery = await database.db
        .selectFrom("webhook_deliveries")
        .select(["attempt_log", "webhook_id"])
        .executeTakeFirstOrThrow();
      expect(delivery.webhook_id).toBe(webhook.id);
      const attempts = JSON.parse(delivery.attempt_log) as Array<{ error: string }>;
      expect(attempts[0]?.error).toBe(webhookTexts.privateTarget("127.0.0.1"));
    } finally {
      await receiver.close();
    }
  });

  test("deliveries older than 30 days are purged", async ({ app, database }) => {
    const { webhook } = await createWebhook(
      database.db,
      { url: "https://8.8.8.8/", events: ["lead.created"], format: "standard" },
      webhookKey(app.tokens.key),
      new Date(),
    );
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    const recent = new Date().toISOString();
    for (const [id, at] of [
      [`msg_${"1".repeat(32)}`, old],
      [`msg_${"2".repeat(32)}`, recent],
    ] as const)
      await database.db
        .insertInto("webhook_deliveries")
        .values({
          id,
          webhook_id: webhook.id,
          event_type: "lead.created",
          payload: "{}",
          status: "delivered",
          next_attempt_at: at,
          created_at: at,
        })
        .execute();
    expect(await purgeOldDeliveries(database.db, new Date())).toBe(1);
    const left = await database.db.selectFrom("webhook_deliveries").select("id").execute();
    expect(left.map((row) => row.id)).toEqual([`msg_${"2".repeat(32)}`]);
  });
});
