import { beforeEach, describe, expect } from "vitest";
import { contactTexts } from "../../domain/contact-texts.ts";
import { eventTexts } from "../../domain/event-texts.ts";
import type { LeadRecord } from "../../domain/lead-record.ts";
import type { SpamLead } from "../../domain/spam.ts";
import { testEngines } from "../test-support/databases.ts";
import { engineTest } from "../test-support/fixture.ts";

// The forms' clock runs from the page being shown, when its script asks for the token, never
// from the form's first use (docs/product.md, "Spam kept for review"): what the server sees.

const opened = new Date("2026-11-26T13:00:00.000Z");
const msAfterOpening = (ms: number) => new Date(opened.getTime() + ms);
/** A page read for 15 s, then autofilled and sent 0.8 s after the first focus. */
const readThenAutofilled = 15_000 + 800;

describe.each(testEngines)("the forms' clock on $name", (engine) => {
  let clock = opened;
  let ip = 0;
  beforeEach(() => {
    clock = opened;
  });
  const test = engineTest(engine, { deps: { now: () => clock } })
    /** As the site's own script sends it: JSON with this site's Origin. */
    .extend(
      "send",
      ({ app }) =>
        (url: string, payload: object) =>
          app.inject({
            method: "POST",
            url,
            remoteAddress: `10.9.0.${++ip}`,
            headers: { origin: "http://localhost" },
            payload,
          }),
    )
    .extend(
      "pageToken",
      ({ app }) =>
        async () =>
          (await app.inject({ method: "GET", url: "/api/leads/contact-token" })).json()
            .token as string,
    )
    .extend("whereIs", ({ app, admin }) => async (email: string) => {
      const headers = { "x-access-token": admin.accessToken };
      const leads = (
        await app.inject({ method: "GET", url: `/api/leads/new?q=${email}`, headers })
      ).json() as LeadRecord[];
      if (leads.some((lead) => lead.Email === email)) return "lead";
      const spam = (
        await app.inject({ method: "GET", url: "/api/leads/spam", headers })
      ).json() as SpamLead[];
      const kept = spam.find((lead) => lead.Email === email);
      return kept ? `spam: ${kept.SpamReason}` : "nowhere";
    });

  test("takes a page read for 15 s, autofilled and sent at once, as a lead; a script's at once as too fast", async ({
    send,
    pageToken,
    whereIs,
  }) => {
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

  test("registers for an event the same way: autofilled after reading is a seat, a script's is spam", async ({
    send,
    pageToken,
    whereIs,
  }) => {
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
