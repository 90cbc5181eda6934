import { simpleParser } from "mailparser";
import { Webhook } from "standardwebhooks";
import { describe, expect } from "vitest";
import { insertContactLead } from "../contact/lead-intake.repository.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { testSecret } from "../test-support/tokens.ts";
import { pause, startReceiver } from "../test-support/webhook-receiver.ts";

/**
 * Webhook deliveries against a real receiver on this machine (listed in
 * WEBHOOK_PRIVATE_TARGETS): signatures checked with the standardwebhooks package, retries,
 * a 410, pausing, replay, the Slack format, a rolled-back change, two instances. Both engines.
 */
const env = {
  WEBHOOK_PRIVATE_TARGETS: "127.0.0.1",
  NOTIFY_EMAIL: "owner@fineline.studio",
  DIGEST_HOUR: "off",
  RATE_LIMIT: "off",
};
const deps = {
  webhookRetries: [100, 100, 100],
  webhookIntervalMs: 50,
  webhookTimeoutMs: 3_000,
};

describe.each(testEngines)("webhook deliveries on $name", (engine) => {
  const test = engineTest(engine, { smtp: true, env, deps })
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
    .extend("receiver", async ({}, { onCleanup }) => {
      const receiver = await startReceiver();
      onCleanup(() => receiver.close());
      return receiver;
    })
    .extend(
      "call",
      ({ app, admin }) =>
        (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
          app.inject({
            method,
            url,
            headers: { "x-access-token": admin.accessToken },
            ...(payload ? { payload } : {}),
          }),
    )
    .extend("hook", ({ call }) => async (url: string, events: string[], format?: string) => {
      const res = await call("POST", "/api/webhooks", { url, events, format });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().webhook as { id: string; secret: string };
    })
    .extend("arrive", ({ app }) => async (n: number) => {
      const res = await app.inject({
        method: "POST",
        url: "/api/leads/contact-us",
        payload: {
          email: `ana-${n}@example.com`,
          firstName: "Ana",
          lastName: "Lopes",
          message: "We need a new shop for our bakery, with online orders and a blog.",
          sourcePage: "/home2",
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    });

  test("a new lead is posted, signed as Standard Webhooks says", async ({
    receiver,
    hook,
    arrive,
  }) => {
    const { secret } = await hook(receiver.url, ["lead.created"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await arrive(1);
    await receiver.until(1);
    const [request] = receiver.received;
    if (!request) throw new Error("no request");
    const headers = request.headers as Record<string, string>;
    expect(headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = new Webhook(secret).verify(request.body, headers) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe("lead.created");
    expect(payload.data).toMatchObject({
      FirstName: "Ana",
      LastName: "Lopes",
      Email: "ana-1@example.com",
      LeadStatus: "WARM",
    });
    // Another secret does not verify it.
    expect(() =>
      new Webhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").verify(request.body, headers),
    ).toThrow();
  });

  test("a lead won tells lead.updated and lead.won; events not asked for are not sent", async ({
    receiver,
    hook,
    arrive,
    call,
    database,
  }) => {
    const { secret } = await hook(receiver.url, ["lead.won", "lead.updated"]);
    await arrive(2);
    const lead = await database.db.selectFrom("leads").select("id").executeTakeFirstOrThrow();
    const res = await call("POST", `/api/leads/update/${lead.id}`, { LeadStatus: "CONVERTED" });
    expect(res.statusCode, res.body).toBe(200);
    await receiver.until(2);
    await pause(300);
    const types = receiver.received.map(
      (r) =>
        (
          new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
            type: string;
          }
        ).type,
    );
    expect(types.sort()).toEqual(["lead.updated", "lead.won"]);
  });

  test("a receiver that fails twice gets the third attempt, with the same webhook-id", async ({
    receiver,
    hook,
    arrive,
    call,
  }) => {
    receiver.received.length = 0;
    const failing = await startReceiver([500, 503]);
    try {
      const { id, secret } = await hook(failing.url, ["lead.created"]);
      await arrive(3);
      await failing.until(3);
      const ids = new Set(failing.received.map((r) => r.headers["webhook-id"]));
      expect(ids.size).toBe(1);
      const last = failing.received[2];
      if (!last) throw new Error("no third attempt");
      expect(() =>
        new Webhook(secret).verify(last.body, last.headers as Record<string, string>),
      ).not.toThrow();
      await pause(200);
      const log = await call("GET", `/api/webhooks/${id}/deliveries`);
      const [delivery] = log.json().deliveries;
      expect(delivery.status).toBe("delivered");
      expect(delivery.attempts.map((a: { status: number }) => a.status)).toEqual([500, 503, 200]);
      expect(delivery.attempts[0].response).toBe("no (500)");
      expect(failing.received).toHaveLength(3);
    } finally {
      await failing.close();
    }
  });

  test("a 410 pauses the webhook at once, and a paused webhook sends nothing", async ({
    hook,
    arrive,
    call,
    smtp,
    app,
  }) => {
    const gone = await startReceiver([410]);
    try {
      const { id } = await hook(gone.url, ["lead.created"]);
      await arrive(4);
      await gone.until(1);
      await pause(300);
      const list = await call("GET", "/api/webhooks");
      expect(list.json().webhooks[0]).toMatchObject({ id, status: "paused" });
      expect(list.json().webhooks[0].pauseReason).toMatch(/410/);
      await arrive(5);
      await pause(400);
      expect(gone.received).toHaveLength(1);
      // The owner is told.
      app.outbox?.poke();
      await app.outbox?.idle();
      const mails = await Promise.all(smtp.received.map((m) => simpleParser(m.raw)));
      expect(mails.map((m) => m.subject)).toContain(`Webhook paused: ${new URL(gone.url).host}`);
    } finally {
      await gone.close();
    }
  });

  test("paused by the owner: nothing is sent; resumed: sent again", async ({
    receiver,
    hook,
    arrive,
    call,
  }) => {
    const { id } = await hook(receiver.url, ["lead.created"]);
    const paused = await call("PUT", `/api/webhooks/${id}`, { paused: true });
    expect(paused.json().webhook.status).toBe("paused");
    await arrive(6);
    await pause(400);
    expect(receiver.received).toHaveLength(0);
    await call("PUT", `/api/webhooks/${id}`, { paused: false });
    await arrive(7);
    await receiver.until(1);
    expect(JSON.parse(receiver.received[0]?.body ?? "{}").data.Email).toBe("ana-7@example.com");
  });

  test("every retry failing pauses the webhook and e-mails the owner", async ({
    hook,
    arrive,
    call,
    smtp,
    app,
  }) => {
    const down = await startReceiver([500, 500, 500, 500, 500]);
    try {
      const { id } = await hook(down.url, ["lead.created"]);
      await arrive(8);
      await down.until(4);
      await pause(300);
      expect(down.received).toHaveLength(4);
      const webhook = (await call("GET", "/api/webhooks")).json().webhooks[0];
      expect(webhook).toMatchObject({ id, status: "paused" });
      const [delivery] = (await call("GET", `/api/webhooks/${id}/deliveries`)).json().deliveries;
      expect(delivery.status).toBe("failed");
      app.outbox?.poke();
      await app.outbox?.idle();
      const mails = await Promise.all(smtp.received.map((m) => simpleParser(m.raw)));
      const told = mails.find((m) => m.subject?.startsWith("Webhook paused"));
      expect(told?.text).toMatch(/Every attempt failed \(4\)/);
    } finally {
      await down.close();
    }
  });

  test("a replay is sent again with the same webhook-id", async ({
    receiver,
    hook,
    arrive,
    call,
  }) => {
    const { id, secret } = await hook(receiver.url, ["lead.created"]);
    await arrive(9);
    await receiver.until(1);
    await pause(200);
    const [delivery] = (await call("GET", `/api/webhooks/${id}/deliveries`)).json().deliveries;
    const replay = await call("POST", `/api/webhooks/${id}/deliveries/${delivery.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(202);
    await receiver.until(2);
    const [first, second] = receiver.received;
    expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    expect(second?.headers["webhook-id"]).toBe(delivery.id);
    expect(second?.body).toBe(first?.body);
    expect(() =>
      new Webhook(secret).verify(second?.body ?? "", second?.headers as Record<string, string>),
    ).not.toThrow();
    const unknown = await call(
      "POST",
      `/api/webhooks/${id}/deliveries/msg_${"0".repeat(32)}/replay`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  test("the Slack format posts { text, blocks } with a link to the lead", async ({
    receiver,
    hook,
    arrive,
    database,
    app,
  }) => {
    await hook(receiver.url, ["lead.created"], "slack");
    await arrive(10);
    await receiver.until(1);
    const body = JSON.parse(receiver.received[0]?.body ?? "{}");
    const lead = await database.db.selectFrom("leads").select("id").executeTakeFirstOrThrow();
    expect(body.text).toContain(
      "New lead: Ana Lopes (ana-10@example.com) from /home2 — 'We need a new shop",
    );
    expect(body.text).toContain(`${app.config.siteUrl}/admin/leads?lead=${lead.id}`);
    expect(body.blocks[0]).toMatchObject({ type: "section", text: { type: "mrkdwn" } });
    expect(JSON.stringify(body.blocks)).toContain(`/admin/leads?lead=${lead.id}|Open the lead>`);
  });

  test("a change that rolls back sends nothing", async ({ receiver, hook, database }) => {
    await hook(receiver.url, ["lead.created"]);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertContactLead(trx, {
          lead: {
            firstName: "Rolled",
            lastName: "Back",
            email: "gone@example.com",
            message: "Never committed.",
            sourcePage: "/contact",
          },
          now: new Date(),
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await pause(400);
    expect(receiver.received).toHaveLength(0);
    const rows = await database.db.selectFrom("webhook_deliveries").selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  test("two instances on one database deliver each event once", async ({
    receiver,
    hook,
    arrive,
    database,
  }) => {
    const second = await buildTestApp(database.sibling(), { ...env, JWT_SECRET: testSecret }, deps);
    try {
      await hook(receiver.url, ["lead.created"]);
      for (let n = 0; n < 6; n++) await arrive(20 + n);
      await receiver.until(6);
      await pause(500);
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    } finally {
      await second.close();
    }
  });
});
