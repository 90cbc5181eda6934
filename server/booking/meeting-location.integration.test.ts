import { simpleParser } from "mailparser";
import { describe, expect } from "vitest";
import { defaultAvailability } from "../../domain/booking.ts";
import { locationTexts } from "../../domain/meeting-location-texts.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

// Thursday 26 November 2026, 08:00 in New York; Monday 30 November, 10:00 and 11:00 there.
const now = new Date("2026-11-26T13:00:00.000Z");
const at10 = "2026-11-30T15:00:00.000Z";
const at11 = "2026-11-30T16:00:00.000Z";
const room = "https://meet.example.com/fineline-studio";
const visitor = { email: "rosa@bakery.example", firstName: "Rosa", lastName: "Delgado" };

/** The calendar part of a received message, unfolded into lines. */
async function inviteOf(raw: string) {
  const mail = await simpleParser(raw);
  const part = mail.attachments.find((each) => each.contentType.startsWith("text/calendar"));
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return {
    to: to?.text ?? "",
    from: mail.from?.value[0]?.address,
    text: mail.text ?? "",
    calendar:
      part?.content
        .toString("utf8")
        .replace(/\r\n[ \t]/g, "")
        .split("\r\n") ?? [],
  };
}

describe.each(testEngines)("where calls happen on $name", (engine) => {
  const test = engineTest(engine, {
    smtp: true,
    env: {
      TIMEZONE: "America/New_York",
      NOTIFY_EMAIL: "owner@fineline.studio",
      MAIL_FROM: "hello@fineline.studio",
      SITE_URL: "https://fineline.studio",
      DIGEST_HOUR: "off",
    },
    deps: { now: () => now, outboxIntervalMs: 3_600_000 },
  })
    .extend(
      "setLocation",
      ({ app, admin }) =>
        (location: unknown) =>
          app.inject({
            method: "PUT",
            url: "/api/booking/availability",
            headers: { "x-access-token": admin.accessToken },
            payload: { ...defaultAvailability, location } as object,
          }),
    )
    .extend(
      "book",
      ({ app }) =>
        (more: Record<string, string> = {}) =>
          app.inject({
            method: "POST",
            url: "/api/booking",
            payload: { ...visitor, start: at10, ...more },
          }),
    );

  test("is unsaid until the owner says, then kept, echoed and checked", async ({
    app,
    admin,
    setLocation,
  }) => {
    const read = async () =>
      (
        await app.inject({
          method: "GET",
          url: "/api/booking/availability",
          headers: { "x-access-token": admin.accessToken },
        })
      ).json().location;
    expect(await read()).toBeNull();

    for (const location of [
      { type: "video", url: room },
      { type: "phone" },
      { type: "in-person", address: "12 Harbor St, Portland, ME 04101" },
    ]) {
      const saved = await setLocation(location);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().availability.location).toEqual(location);
      expect(await read()).toEqual(location);
    }

    const refused: Array<[unknown, string]> = [
      [{ type: "video" }, locationTexts.badUrl],
      [{ type: "video", url: "http://meet.example.com/room" }, locationTexts.badUrl],
      [{ type: "video", url: "javascript:alert(1)" }, locationTexts.badUrl],
      [{ type: "video", url: "https://user:pass@meet.example.com/" }, locationTexts.badUrl],
      [{ type: "video", url: `${room}\r\nATTENDEE:mailto:x@evil.example` }, locationTexts.badUrl],
      [{ type: "in-person", address: "" }, locationTexts.badAddress],
      [{ type: "in-person", address: "12 Harbor St\u0000" }, locationTexts.badAddress],
      [{ type: "in-person", address: "x".repeat(301) }, locationTexts.badAddress],
      [{ type: "zoom" }, locationTexts.badType],
      ["video", locationTexts.badType],
    ];
    for (const [location, message] of refused) {
      const res = await setLocation(location);
      expect(res.statusCode, JSON.stringify(location)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Nothing refused was kept.
    expect(await read()).toEqual({
      type: "in-person",
      address: "12 Harbor St, Portland, ME 04101",
    });
    // The availability without a place at all (a client from before): saved, place unsaid.
    const { location: _left, ...withoutPlace } = defaultAvailability;
    const old = await app.inject({
      method: "PUT",
      url: "/api/booking/availability",
      headers: { "x-access-token": admin.accessToken },
      payload: withoutPlace,
    });
    expect(old.statusCode).toBe(200);
    expect(await read()).toBeNull();
  });

  test("a video call: the booking page says video, the link comes once booked, in the invite", async ({
    app,
    smtp,
    setLocation,
    book,
  }) => {
    await setLocation({ type: "video", url: room });
    const slots = await app.inject({ method: "GET", url: "/api/booking/slots" });
    expect(slots.json().location).toEqual({ type: "video" });
    expect(slots.body).not.toContain("meet.example.com");

    const res = await book();
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({
      location: { type: "video", url: room },
      phone: null,
    });
    const token = String(res.json().booking.manageUrl).split("/").at(-1);
    const managed = await app.inject({ method: "GET", url: `/api/booking/${token}` });
    expect(managed.json()).toMatchObject({ location: { type: "video", url: room }, phone: null });

    // The room changes later: the call booked keeps the link its invite gave.
    await setLocation({ type: "video", url: "https://meet.example.com/new-room" });
    const moved = await app.inject({
      method: "POST",
      url: `/api/booking/${token}/reschedule`,
      payload: { start: at11 },
    });
    expect(moved.json().booking.location).toEqual({ type: "video", url: room });

    // "Add to calendar": the call as a file, with its room, that asks nobody to answer it.
    const file = await app.inject({ method: "GET", url: `/api/booking/${token}/calendar.ics` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(file.headers["content-disposition"]).toContain("attachment");
    const lines = file.body.replace(/\r\n[ \t]/g, "").split("\r\n");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines).toContain(`LOCATION:${room}`);
    expect(lines).toContain("DTSTART:20261130T160000Z");
    expect(lines.some((line) => /^(ATTENDEE|ORGANIZER)/.test(line))).toBe(false);
    const unknown = await app.inject({ method: "GET", url: "/api/booking/nope/calendar.ics" });
    expect(unknown.statusCode).toBe(404);

    app.outbox?.poke();
    await app.outbox?.idle();
    const mails = await Promise.all(smtp.received.map((mail) => inviteOf(mail.raw)));
    const toVisitor = mails.filter((mail) => mail.to === visitor.email);
    expect(toVisitor.length).toBe(2);
    // Once canceled, there is no call to add.
    await app.inject({ method: "POST", url: `/api/booking/${token}/cancel`, payload: {} });
    const gone = await app.inject({ method: "GET", url: `/api/booking/${token}/calendar.ics` });
    expect(gone.statusCode).toBe(404);
    for (const mail of toVisitor) {
      expect(mail.from).toBe("hello@fineline.studio");
      expect(mail.text).toContain(`By video, in our meeting room: ${room}`);
      expect(mail.calendar).toContain(`LOCATION:${room}`);
      expect(mail.calendar).toContain(`URL;VALUE=URI:${room}`);
    }
  });

  test("a phone call: the number is asked, checked, kept and given to the owner", async ({
    app,
    admin,
    smtp,
    setLocation,
    book,
  }) => {
    await setLocation({ type: "phone" });
    const slots = await app.inject({ method: "GET", url: "/api/booking/slots" });
    expect(slots.json().location).toEqual({ type: "phone" });

    const missing = await book();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(locationTexts.phoneRequired);
    for (const phone of [
      "12345",
      "call me maybe",
      "+1 555 0100\nBcc: x@evil.example",
      "1".repeat(16),
    ]) {
      const bad = await book({ phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().message).toBe(locationTexts.badPhone);
    }
    // Nothing was booked by a refused request: the time is still free.
    const res = await book({ phone: " +1 (555) 010-0199 " });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({
      location: { type: "phone" },
      phone: "+1 (555) 010-0199",
    });

    const meetings = await app.inject({
      method: "GET",
      url: "/api/meetings?from=2026-11-30&to=2026-11-30",
      headers: { "x-access-token": admin.accessToken },
    });
    expect(meetings.json()).toMatchObject([
      { location: { type: "phone" }, Phone: "+1 (555) 010-0199" },
    ]);

    app.outbox?.poke();
    await app.outbox?.idle();
    const mails = await Promise.all(smtp.received.map((mail) => inviteOf(mail.raw)));
    const owner = mails.find((mail) => mail.to === "owner@fineline.studio");
    expect(owner?.text).toContain("By phone: call them on +1 (555) 010-0199.");
    expect(owner?.calendar).toContain("LOCATION:Phone: +1 (555) 010-0199");
    const toVisitor = mails.find((mail) => mail.to === visitor.email);
    expect(toVisitor?.text).toContain("By phone: we'll call you on +1 (555) 010-0199.");
  });

  test("in person: the address is on the booking page and in the invite; no number is asked", async ({
    app,
    smtp,
    setLocation,
    book,
  }) => {
    const address = "12 Harbor St, Portland, ME 04101";
    await setLocation({ type: "in-person", address });
    const slots = await app.inject({ method: "GET", url: "/api/booking/slots" });
    expect(slots.json().location).toEqual({ type: "in-person", address });
    // A number sent anyway is not kept: the call is not by phone.
    const res = await book({ phone: "+1 555 010 0199" });
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({
      location: { type: "in-person", address },
      phone: null,
    });
    app.outbox?.poke();
    await app.outbox?.idle();
    const mails = await Promise.all(smtp.received.map((mail) => inviteOf(mail.raw)));
    const toVisitor = mails.find((mail) => mail.to === visitor.email);
    expect(toVisitor?.text).toContain(`In person, at ${address}`);
    expect(toVisitor?.calendar).toContain("LOCATION:12 Harbor St\\, Portland\\, ME 04101");
  });

  test("unsaid: a booking needs no number and its e-mails claim no place", async ({
    app,
    smtp,
    book,
  }) => {
    const slots = await app.inject({ method: "GET", url: "/api/booking/slots" });
    expect(slots.json().location).toBeNull();
    const res = await book();
    expect(res.statusCode).toBe(201);
    expect(res.json().booking).toMatchObject({ location: null, phone: null });
    app.outbox?.poke();
    await app.outbox?.idle();
    const mails = await Promise.all(smtp.received.map((mail) => inviteOf(mail.raw)));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.calendar.some((line) => line.startsWith("LOCATION"))).toBe(false);
      expect(mail.text).not.toMatch(/By video|By phone|In person/);
    }
  });
});
