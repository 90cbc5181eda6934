import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactTexts } from "../../domain/contact-texts.ts";
import { eventTexts } from "../../domain/event-texts.ts";
import type { LeadRecord } from "../../domain/lead-record.ts";
import type { SpamLead } from "../../domain/spam.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { testEngines } from "../test-support/databases.ts";
import { buildTestApp } from "../test-support/test-app.ts";
import { signedInUser, testSecret } from "../test-support/tokens.ts";

// The forms' clock runs from the page being shown, when its script asks for the token, never
// from the form's first use (docs/product.md, "Spam kept for review"): what the server sees.

const opened = new Date("2026-11-26T13:00:00.000Z");
const msAfterOpening = (ms: number) => new Date(opened.getTime() + ms);
/** A page read for 15 s, then autofilled and sent 0.8 s after the first focus. */
const readThenAutofilled = 15_000 + 800;

describe.each(testEngines)("the forms' clock on $name", (engine) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let clock = opened;
  let ip = 0;
  let admin: { "x-access-token": string };

  beforeEach(async () => {
    clock = opened;
    database = await engine.open();
    app = await buildTestApp(database, { JWT_SECRET: testSecret }, { now: () => clock });
    admin = { "x-access-token": (await signedInUser(database.db, "admin")).accessToken };
  });
  afterEach(async () => {
    await app.close();
    await database.close();
  });

  /** As the site's own script sends it: JSON with this site's Origin. */
  const send = (url: string, payload: object) =>
    app.inject({
      method: "POST",
      url,
      remoteAddress: `10.9.0.${++ip}`,
      headers: { origin: "http://localhost" },
      payload,
    });
  const pageToken = async () =>
    (await app.inject({ method: "GET", url: "/api/leads/contact-token" })).json().token as string;
  const whereIs = async (email: string) => {
    const headers = admin;
    const leads = (
      await app.inject({ method: "GET", url: `/api/leads/new?q=${email}`, headers })
    ).json() as LeadRecord[];
    if (leads.some((lead) => lead.Email === email)) return "lead";
    const spam = (
      await app.inject({ method: "GET", url: "/api/leads/spam", headers })
    ).json() as SpamLead[];
    const kept = spam.find((lead) => lead.Email === email);
    return kept ? `spam: ${kept.SpamReason}` : "nowhere";
  };

  it("takes a page read for 15 s, autofilled and sent at once, as a lead; a script's at once as too fast", async () => {
    const token = await pageToken();
    clock = msAfterOpening(readThenAutofilled);
    const person = {
      email: "autumn@bakery.example",
      firstName: "Autumn",
      lastName: "Fill",
      message: "Our bakery needs online ordering before the holidays.",
      formToken: token,
    };
    expect((await send("/api/leads/contact-us", person)).statusCode).toBe(201);
    expect(await whereIs("autumn@bakery.example")).toBe("lead");

    const botToken = await pageToken();
    clock = msAfterOpening(readThenAutofilled + 50);
    const bot = await send("/api/leads/contact-us", {
      ...person,
      email: "quick@seo.example",
      formToken: botToken,
    });
    // Answered like anyone else.
    expect(bot.statusCode).toBe(201);
    expect(bot.json()).toEqual({ message: contactTexts.success });
    expect(await whereIs("quick@seo.example")).toBe("spam: too-fast");
  });

  it("registers for an event the same way: autofilled after reading is a seat, a script's is spam", async () => {
    const token = await pageToken();
    clock = msAfterOpening(readThenAutofilled);
    const person = { firstName: "Autumn", lastName: "Fill", seats: 1 };
    const url = "/api/events/open-evening/registrations";
    const registered = await send(url, {
      ...person,
      email: "autumn@visitor.example",
      formToken: token,
    });
    expect(registered.statusCode).toBe(201);
    expect(await whereIs("autumn@visitor.example")).toBe("lead");

    const botToken = await pageToken();
    clock = msAfterOpening(readThenAutofilled + 50);
    const bot = await send(url, { ...person, email: "quick@seo.example", formToken: botToken });
    expect(bot.statusCode).toBe(201);
    expect(bot.json()).toEqual({ message: eventTexts.registered });
    expect(await whereIs("quick@seo.example")).toBe("spam: too-fast");
  });
});
