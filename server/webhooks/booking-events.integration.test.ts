import { Webhook } from "standardwebhooks";
import { describe, expect } from "vitest";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { startReceiver } from "../test-support/webhook-receiver.ts";

/**
 * The booking and registration events (docs/integrations.md, "The events") reach a real
 * receiver, signed, with the API's field names: a call booked, moved and cancelled through the
 * visitor's own links, and a seat taken at an event. Both engines.
 */
// Thursday 26 November 2026, 08:00 in New York; Monday 30 November at 10:00 and 11:00 there.
const start = new Date("2026-11-26T13:00:00.000Z");
const at10 = "2026-11-30T15:00:00.000Z";
const at11 = "2026-11-30T16:00:00.000Z";

describe.each(testEngines)("booking and registration webhooks on $name", (engine) => {
  let ip = 0;
  const test = engineTest(engine, {
    env: {
      TIMEZONE: "America/New_York",
      WEBHOOK_PRIVATE_TARGETS: "127.0.0.1",
      DIGEST_HOUR: "off",
    },
    deps: { now: () => start, webhookIntervalMs: 50, webhookTimeoutMs: 3_000 },
  })
    // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern.
    .extend("receiver", async ({}, { onCleanup }) => {
      const receiver = await startReceiver();
      onCleanup(() => receiver.close());
      return receiver;
    })
    .extend(
      "call",
      ({ app }) =>
        (method: "GET" | "POST", url: string, payload?: object, token?: string) =>
          app.inject({
            method,
            url,
            remoteAddress: `10.7.${Math.floor(++ip / 250)}.${ip % 250}`,
            headers: token ? { "x-access-token": token } : {},
            ...(payload ? { payload } : {}),
          }),
    );

  test("a booking, its move and its cancelling, and a registration, each posted once, signed", async ({
    admin,
    receiver,
    call,
  }) => {
    const added = await call(
      "POST",
      "/api/webhooks",
      {
        url: receiver.url,
        events: [
          "booking.created",
          "booking.rescheduled",
          "booking.cancelled",
          "registration.created",
        ],
      },
      admin.accessToken,
    );
    expect(added.statusCode, added.body).toBe(201);
    const signer = new Webhook(added.json().webhook.secret);

    const booked = await call("POST", "/api/booking", {
      email: "rosa@bakery.example",
      firstName: "Rosa",
      lastName: "Delgado",
      start: at10,
      timeZone: "Europe/Madrid",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const token = new URL(booked.json().booking.manageUrl).pathname.replace("/booking/", "");
    expect(
      (await call("POST", `/api/booking/${token}/reschedule`, { start: at11 })).statusCode,
    ).toBe(200);
    expect((await call("POST", `/api/booking/${token}/cancel`)).statusCode).toBe(200);
    const registered = await call("POST", "/api/events/open-evening/registrations", {
      email: "guest@example.com",
      firstName: "Ada",
      lastName: "Guest",
      seats: 2,
    });
    expect(registered.statusCode, registered.body).toBe(201);

    await receiver.until(4);
    const events = receiver.received.map((request) => {
      const verified = signer.verify(request.body, request.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      return verified;
    });
    expect(events.map((event) => event.type).sort()).toEqual([
      "booking.cancelled",
      "booking.created",
      "booking.rescheduled",
      "registration.created",
    ]);
    const byType = Object.fromEntries(events.map((event) => [event.type, event.data]));
    expect(byType["booking.created"]).toMatchObject({ start: at10, status: "booked" });
    expect(byType["booking.rescheduled"]).toMatchObject({ start: at11 });
    expect(byType["booking.cancelled"]).toMatchObject({ status: "cancelled" });
    expect(byType["registration.created"]).toMatchObject({ seats: 2 });
    // Each once: no event is posted twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(4);
  });
});
