import { createCipheriv, randomBytes } from "node:crypto";
import { beforeEach, describe, expect } from "vitest";
import { bookingPassMinutes } from "../../domain/booking.ts";
import { prefillTexts } from "../../domain/booking-texts.ts";
import { bookingPassHeader, contactTexts, honeypotField } from "../../domain/contact-texts.ts";
import { bookingPassKey } from "../leads/booking-pass.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";
import { testTokens } from "../test-support/tokens.ts";

// Thursday 26 November 2026, 08:00 in New York; Monday 30 November, 10:00 and 11:00 there.
const start = new Date("2026-11-26T13:00:00.000Z").getTime();
const monday10 = "2026-11-30T15:00:00.000Z";
const monday11 = "2026-11-30T16:00:00.000Z";

const visitor = {
  email: "rosa@bakery.example",
  firstName: "Rosa",
  lastName: "Delgado",
  message: "A site for the bakery, with orders.",
};

describe.each(testEngines)("Book a call now, after the contact form, on $name", (engine) => {
  let now = start;
  let ip = 0;
  beforeEach(() => {
    now = start;
  });
  const test = engineTest(engine, {
    env: { TIMEZONE: "America/New_York" },
    deps: { now: () => new Date(now) },
  })
    .extend(
      "post",
      ({ app }) =>
        (url: string, payload: object) =>
          app.inject({ method: "POST", url, remoteAddress: `10.3.0.${++ip}`, payload }),
    )
    .extend("contact", ({ post }) => async (payload: object = visitor) => {
      const res = await post("/api/leads/contact-us", payload);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: contactTexts.success });
      return res.headers[bookingPassHeader.toLowerCase()] as string;
    })
    .extend(
      "leads",
      ({ database }) =>
        () =>
          database.db.selectFrom("leads").selectAll().execute(),
    );

  test("fills in the visitor's details and joins their lead, with the lead's ID nowhere in the pass", async ({
    database,
    post,
    contact,
    leads,
  }) => {
    const pass = await contact();
    const [lead] = await leads();
    expect(pass).not.toContain(lead?.id);
    expect(Buffer.from(pass.split(".")[1] ?? "", "base64url").toString("latin1")).not.toContain(
      lead?.id,
    );

    const prefill = await post("/api/booking/prefill", { pass });
    expect(prefill.statusCode).toBe(200);
    expect(prefill.headers["cache-control"]).toBe("no-store");
    expect(prefill.json()).toEqual({
      email: visitor.email,
      firstName: visitor.firstName,
      lastName: visitor.lastName,
    });

    now += 60_000; // a minute later, on the booking page
    const booked = await post("/api/booking", {
      ...visitor,
      email: "ROSA@bakery.example",
      message: "Tuesdays suit me best.",
      start: monday10,
      bookingPass: pass,
    });
    expect(booked.statusCode).toBe(201);
    const after = await leads();
    expect(after).toHaveLength(1);
    expect(after[0]?.message).toBe(`${visitor.message}\n\nTuesdays suit me best.`);
    expect(after[0]?.updated_at).not.toBe(lead?.updated_at);
    const meeting = await database.db.selectFrom("meetings").selectAll().executeTakeFirstOrThrow();
    expect(meeting.lead_id).toBe(lead?.id);
  });

  test("makes a lead of its own for another address, and for a pass that expired or was altered", async ({
    post,
    contact,
    leads,
  }) => {
    const pass = await contact();
    const other = await post("/api/booking", {
      ...visitor,
      email: "friend@bakery.example",
      start: monday10,
      bookingPass: pass,
    });
    expect(other.statusCode).toBe(201);
    expect(await leads()).toHaveLength(2);

    const altered = `${pass.slice(0, -2)}${pass.endsWith("AA") ? "BB" : "AA"}`;
    expect((await post("/api/booking/prefill", { pass: altered })).statusCode).toBe(404);

    now += bookingPassMinutes * 60_000 + 1000;
    const expired = await post("/api/booking/prefill", { pass });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: prefillTexts.expired });
    const late = await post("/api/booking", {
      ...visitor,
      message: "",
      start: monday11,
      bookingPass: pass,
    });
    expect(late.statusCode).toBe(201);
    expect(await leads()).toHaveLength(3);
  });

  test("answers spam with a pass like any other, which joins nothing", async ({
    database,
    post,
    contact,
    leads,
  }) => {
    const pass = await contact({ ...visitor, [honeypotField]: "https://spam.example" });
    expect(await leads()).toHaveLength(0);
    const prefill = await post("/api/booking/prefill", { pass });
    expect(prefill.statusCode).toBe(200);
    expect(prefill.json().email).toBe(visitor.email);
    const booked = await post("/api/booking", { ...visitor, start: monday10, bookingPass: pass });
    expect(booked.statusCode).toBe(201);
    const [lead] = await leads();
    expect(lead?.email).toBe(visitor.email);
    const meeting = await database.db.selectFrom("meetings").selectAll().executeTakeFirstOrThrow();
    expect(meeting.lead_id).toBe(lead?.id);
  });

  test("never gives a stranger who repeats someone's address and words their name or their lead", async ({
    database,
    app,
    post,
    contact,
    leads,
  }) => {
    // Rosa registers (no message of her own), then a stranger who knows her address sends
    // the form with it and the same empty message within the ten minutes a repeat is one lead.
    await contact({ ...visitor, message: "" });
    const [rosa] = await leads();
    now += 60_000;
    const stranger = { ...visitor, firstName: "Mallory", lastName: "Stone", message: "" };
    const pass = await contact(stranger);
    expect(await leads()).toHaveLength(1); // still the double click the form stores once

    const prefill = await post("/api/booking/prefill", { pass });
    expect(prefill.statusCode).toBe(200);
    // Only what the stranger typed comes back: never Rosa's name.
    expect(prefill.json()).toEqual({
      email: visitor.email,
      firstName: "Mallory",
      lastName: "Stone",
    });
    expect(prefill.body).not.toContain(visitor.lastName);

    const booked = await post("/api/booking", { ...stranger, start: monday10, bookingPass: pass });
    expect(booked.statusCode).toBe(201);
    const meeting = await database.db.selectFrom("meetings").selectAll().executeTakeFirstOrThrow();
    expect(meeting.lead_id).not.toBe(rosa?.id);
    const token = String(booked.json().booking.manageUrl).split("/").pop();
    const managed = await app.inject({ method: "GET", url: `/api/booking/${token}` });
    expect(managed.json().firstName).toBe("Mallory");
    expect(managed.body).not.toContain(visitor.lastName);
  });

  test("never folds a booking into an earlier lead found by its address and words", async ({
    database,
    app,
    post,
    contact,
    leads,
  }) => {
    await contact({ ...visitor, message: "" });
    const [rosa] = await leads();
    now += 60_000;
    const booked = await post("/api/booking", {
      ...visitor,
      firstName: "Mallory",
      lastName: "Stone",
      message: "",
      start: monday10,
    });
    expect(booked.statusCode).toBe(201);
    const meeting = await database.db.selectFrom("meetings").selectAll().executeTakeFirstOrThrow();
    expect(meeting.lead_id).not.toBe(rosa?.id);
    const token = String(booked.json().booking.manageUrl).split("/").pop();
    const managed = await app.inject({ method: "GET", url: `/api/booking/${token}` });
    expect(managed.statusCode).toBe(200);
    expect(managed.json().firstName).toBe("Mallory");
    // Rosa's lead is as she left it.
    const after = await database.db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", rosa?.id ?? "")
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ first_name: "Rosa", message: "" });
  });

  test("gives a repeat a pass of the same length as a new lead's, so it tells nothing", async ({
    contact,
    leads,
  }) => {
    const first = await contact();
    const repeat = await contact();
    expect(await leads()).toHaveLength(1);
    expect(repeat.length).toBe(first.length);
    expect(repeat).not.toBe(first);
  });

  test("still reads a pass sealed before details rode along (sent by e-mail)", async ({
    post,
    contact,
    leads,
  }) => {
    // A pass issued by the earlier version: the lead's ID and an expiry.
    await contact();
    const [lead] = await leads();
    const key = bookingPassKey(testTokens.key);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from("p1"));
    const sealed = Buffer.concat([cipher.update(`${lead?.id}|${now + 60_000}`), cipher.final()]);
    const old = `p1.${Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url")}`;
    const prefill = await post("/api/booking/prefill", { pass: old });
    expect(prefill.statusCode).toBe(200);
    expect(prefill.json().firstName).toBe(visitor.firstName);
  });

  test("refuses a pass that is not a string, and ignores a broken one when booking", async ({
    post,
    leads,
  }) => {
    expect((await post("/api/booking/prefill", {})).statusCode).toBe(400);
    expect((await post("/api/booking/prefill", { pass: "p1.%%%" })).statusCode).toBe(404);
    const booked = await post("/api/booking", {
      ...visitor,
      start: monday10,
      bookingPass: "p1.not-a-pass\u0000",
    });
    expect(booked.statusCode).toBe(201);
    expect(await leads()).toHaveLength(1);
  });
});
