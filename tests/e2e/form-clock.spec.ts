import { expect, type Locator, type Page, test } from "@playwright/test";
import { events } from "../../app/content/collections.server.ts";
import { contactTexts } from "../../domain/contact-texts.ts";
import { eventTexts } from "../../domain/event-texts.ts";
import { createOwner } from "./accounts.ts";
import { fromClient } from "./client-address.ts";
import { gotoHydrated, waitForContactIsland } from "./hydration.ts";
import { signInOwner } from "./leads-data.ts";
import { e2eBuildTime } from "./server.ts";

test.use(fromClient("form-clock"));
test.beforeAll(() => createOwner());

// The forms' clock starts when the page opens, not at the first focus (docs/product.md, "Spam
// kept for review"): a person who reads a while, lets the browser fill in every field and
// sends at once is a lead; a script that asks for a token and posts at once is still spam.

/** After this long on the page a person's send is never too fast, whatever they do next. */
const readingMs = 4000;

/**
 * What a browser's autofill does: the visitor focuses one field, every field is filled in
 * one go, and Submit follows a moment later. Returns the milliseconds from that first focus
 * to the submit.
 */
function autofillAndSend(form: Locator, values: Record<string, string>) {
  return form.evaluate(async (node, values) => {
    const form = node as HTMLFormElement;
    const started = performance.now();
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    field(Object.keys(values)[0] ?? "email").focus();
    for (const [name, value] of Object.entries(values)) {
      field(name).value = value;
      field(name).dispatchEvent(new Event("input", { bubbles: true }));
      field(name).dispatchEvent(new Event("change", { bubbles: true }));
    }
    await new Promise((resolve) => setTimeout(resolve, 250)); // the pointer reaches Submit
    (form.querySelector("button[type=submit]") as HTMLButtonElement).click();
    return performance.now() - started;
  }, values);
}

/** Where the owner finds the address: `lead`, `spam` (with its reason), or nowhere. */
async function whereIs(page: Page, email: string) {
  const { accessToken } = await signInOwner(page);
  const headers = { "x-access-token": accessToken };
  const leads = await page.request.get(`/api/leads/new?q=${encodeURIComponent(email)}`, {
    headers,
  });
  expect(leads.status()).toBe(200);
  if (((await leads.json()) as { Email: string }[]).some((lead) => lead.Email === email))
    return "lead";
  const spam = await page.request.get("/api/leads/spam?limit=200", { headers });
  expect(spam.status()).toBe(200);
  const kept = ((await spam.json()) as { Email: string; SpamReason: string }[]).find(
    (lead) => lead.Email === email,
  );
  return kept ? `spam: ${kept.SpamReason}` : "nowhere";
}

/** When the page asked for a timing token, and when its first content was painted. */
const tokenTimes = (page: Page) =>
  page.evaluate(() => ({
    asked: performance
      .getEntriesByType("resource")
      .filter((e) => new URL(e.name).pathname === "/api/leads/contact-token")
      .map((e) => e.startTime),
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
  }));

test("the token is asked for once as a page with a form is shown, after its first paint, and never elsewhere", async ({
  page,
}) => {
  await gotoHydrated(page, "/home#contact-us");
  await waitForContactIsland(page);
  await expect.poll(async () => (await tokenTimes(page)).asked.length).toBe(1);
  const { asked, firstPaint } = await tokenTimes(page);
  // Nothing but the page and its font before the first paint (ADR 019).
  expect(asked[0]).toBeGreaterThanOrEqual(firstPaint);
  await page.getByLabel("Email").focus(); // the form takes the page's token, asks for no other
  await page.waitForTimeout(300);
  expect((await tokenTimes(page)).asked).toHaveLength(1);

  await gotoHydrated(page, "/about");
  await page.waitForLoadState("networkidle");
  expect((await tokenTimes(page)).asked).toEqual([]);
});

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a person who reads the page, autofills the contact form and sends at once is a lead", async ({
  page,
}) => {
  const email = `autofill.${tag()}@bakery.example`;
  await gotoHydrated(page, "/home#contact-us");
  await waitForContactIsland(page);
  await page.waitForTimeout(readingMs);

  const sent = page.waitForResponse(
    (response) => response.url().endsWith("/api/leads/contact-us") && response.status() === 201,
  );
  const form = page.locator("#contact-us form");
  const elapsed = await autofillAndSend(form, {
    email,
    firstName: "Autumn",
    lastName: "Fill",
    message: "Our bakery needs online ordering before the holidays, can you help?",
  });
  expect(elapsed).toBeLessThan(500);
  expect((await (await sent).request().postDataJSON()).formToken).toMatch(/^f1\./);
  await expect(form.getByRole("status")).toHaveText(contactTexts.success);
  expect(await whereIs(page, email)).toBe("lead");
});

test("a person who autofills the event registration and sends at once is registered, not spam", async ({
  page,
}) => {
  const event = events()
    .filter((e) => Date.parse(e.meta.start) > Math.max(Date.parse(e2eBuildTime), Date.now()))
    .sort((a, b) => b.meta.capacity - a.meta.capacity)[0];
  if (!event) throw new Error("no event open for registration");
  const email = `autofill.${tag()}@visitor.example`;
  await gotoHydrated(page, `/events/${event.slug}`);
  await page.getByRole("link", { name: "Save me a seat" }).click();
  await page.locator('[data-island="event-registration"][data-hydrated="true"]').waitFor();
  await page.waitForTimeout(readingMs);

  const form = page.getByRole("form", { name: `Register for ${event.meta.title}` });
  const elapsed = await autofillAndSend(form, {
    email,
    firstName: "Autumn",
    lastName: "Fill",
  });
  expect(elapsed).toBeLessThan(500);
  // The confirmation card takes the form's place (docs/events.md).
  await expect(page.getByRole("region", { name: "Save your seat" }).getByRole("status")).toHaveText(
    eventTexts.registered,
  );
  expect(await whereIs(page, email)).toBe("lead");
});

test("a script that asks for a token and posts at once is still kept as too fast", async ({
  page,
  baseURL,
}) => {
  const email = `bot.${tag()}@seo.example`;
  const token = await page.request.get("/api/leads/contact-token");
  expect(token.status()).toBe(200);
  const { token: formToken } = (await token.json()) as { token: string };
  const posted = await page.request.post("/api/leads/contact-us", {
    data: { email, firstName: "Quick", lastName: "Bot", formToken },
    headers: { origin: baseURL ?? "" },
  });
  // Answered like anyone else: a bot learns nothing.
  expect(posted.status()).toBe(201);
  expect(await whereIs(page, email)).toBe("spam: too-fast");
});
