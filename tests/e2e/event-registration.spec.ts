import { expect, type Page, test } from "@playwright/test";
import { events } from "../../app/content/collections.server.ts";
import { eventTexts } from "../../domain/event-texts.ts";
import { createOwner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { fromClient } from "./client-address.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInOwner } from "./leads-data.ts";
import { e2eBuildTime } from "./server.ts";

test.use(fromClient("events"));
test.beforeAll(() => createOwner());

// Open for registration both when the build was made and now (the server's own clock).
const open = events()
  .filter((e) => Date.parse(e.meta.start) > Math.max(Date.parse(e2eBuildTime), Date.now()))
  .sort((a, b) => b.meta.capacity - a.meta.capacity);
const past = events().filter((e) => Date.parse(e.meta.end) < Date.parse(e2eBuildTime));
// The roomiest takes the keyboard registrations; the smallest is filled up.
const roomy = open[0];
const toFill = open.at(-1);

test("the content has two events open for registration and one past", () => {
  expect(open.length).toBeGreaterThanOrEqual(2);
  expect(past.length).toBeGreaterThan(0);
});

const island = '[data-island="event-registration"]';
async function openForm(page: Page, slug: string) {
  await gotoHydrated(page, `/events/${slug}`);
  await page.getByRole("link", { name: "Save me a seat" }).click();
  await page.locator(`${island}[data-hydrated="true"]`).waitFor();
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`a visitor registers by keyboard alone at ${width} px`, async ({ page }) => {
    if (!roomy) throw new Error("no event open for registration");
    await page.setViewportSize({ width, height });
    await openForm(page, roomy.slug);
    const section = page.getByRole("region", { name: "Save your seat" });
    await expect(section.getByText(/^\d+ seats? left$/)).toBeVisible();
    const before = Number(
      (await section.getByText(/^\d+ seats? left$/).textContent())?.split(" ")[0],
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Email").focus();
    // A person's pace: more than three seconds from opening the page (the form's clock).
    await page.waitForTimeout(3100);
    await page.keyboard.type(`keyboard${width}@visitor.example`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Kay");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Board");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Seats")).toBeFocused();
    await page.keyboard.press("ArrowUp"); // 2 seats
    await page.keyboard.press("Enter");
    // A card in the form's place says so, and has the focus; no Register button is left.
    await expect(section.getByRole("status")).toHaveText(eventTexts.registered);
    await expect(section.locator(".booking-offer")).toBeFocused();
    await expect(section.getByRole("button", { name: "Register", exact: true })).toHaveCount(0);
    // Two fewer at least (the other tests register for this event at the same time).
    const seatsNote = section.getByText(/^\d+ seats? left$/);
    await expect
      .poll(async () => Number((await seatsNote.textContent())?.split(" ")[0]))
      .toBeLessThanOrEqual(before - 2);
    // The form is ready for someone else, when asked for.
    await section.getByRole("button", { name: "Register someone else" }).click();
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(section.getByRole("button", { name: "Register", exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a mistake is said beside the form and its field is focused", async ({ page }) => {
  if (!roomy) throw new Error("no event open for registration");
  await openForm(page, roomy.slug);
  await page.getByLabel("Email").fill("not an address");
  await page.getByLabel("First Name").fill("Ann");
  await page.getByLabel("Last Name").fill("Other");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email. Please fix and try again");
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registers with a plain form post and lands on the event's confirmation", async ({
    page,
  }) => {
    if (!roomy) throw new Error("no event open for registration");
    await page.goto(`/events/${roomy.slug}#register`);
    await page.getByLabel("Email").fill("nojs@visitor.example");
    await page.getByLabel("First Name").fill("No");
    await page.getByLabel("Last Name").fill("Script");
    await page.getByLabel("Seats").fill("12");
    await page.getByRole("button", { name: "Register" }).click();
    // Refused: the same page, the message, what was typed, the field to fix.
    await expect(page).toHaveURL(new RegExp(`/api/events/${roomy.slug}/registrations$`));
    await expect(page.getByRole("alert")).toHaveText(eventTexts.invalidSeats);
    await expect(page.getByLabel("Email")).toHaveValue("nojs@visitor.example");
    await expect(page.getByLabel("Seats")).toBeFocused();
    await page.getByLabel("Seats").fill("1");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(`/events/${roomy.slug}/registered`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("See you there.");
    await expect(page.getByRole("status")).toHaveText(eventTexts.registered);
    await expect(page.getByText(roomy.meta.title)).toBeVisible();
  });
});

test("a full event says so, before and after a try", async ({ page }) => {
  if (!toFill) throw new Error("no event open for registration");
  // Filled through the API by visitors from addresses of their own (until it says it is
  // full, so a retry of this test finds it full already).
  for (let i = 0, seats = 10; i < 100; i++) {
    const res = await page.request.post(`/api/events/${toFill.slug}/registrations`, {
      headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
      data: { email: `filler${i}@visitor.example`, firstName: "Fill", lastName: `Er ${i}`, seats },
    });
    if (res.status() === 201) continue;
    expect(res.status()).toBe(409);
    const { message } = await res.json();
    if (message === eventTexts.full) break;
    seats = Number(/^Only (\d+)/.exec(message)?.[1]);
  }
  await openForm(page, toFill.slug);
  await expect(page.getByText(eventTexts.full).first()).toBeVisible();
  await page.getByLabel("Email").fill("toolate@visitor.example");
  // Sent sooner than three seconds after the page opened, it would be kept as spam and
  // answered like a registration (a bot learns nothing): a person's pace.
  await page.waitForTimeout(3100);
  await page.getByLabel("First Name").fill("Too");
  await page.getByLabel("Last Name").fill("Late");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("alert")).toHaveText(eventTexts.full);
  const api = await page.request.post(`/api/events/${toFill.slug}/registrations`, {
    headers: { "X-Forwarded-For": "203.0.113.150" },
    data: { email: "api@visitor.example", firstName: "A", lastName: "P", seats: 1 },
  });
  expect(api.status()).toBe(409);
  expect(await api.json()).toEqual({ message: "This event is full." });
});

test("a past event offers no form, and its registrations are closed", async ({ page }) => {
  const event = past[0];
  if (!event) throw new Error("no past event");
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByText(/This event took place on/)).toBeVisible();
  await expect(page.locator(island)).toHaveCount(0);
  const res = await page.request.post(`/api/events/${event.slug}/registrations`, {
    headers: { "X-Forwarded-For": "203.0.113.151" },
    data: { email: "late@visitor.example", firstName: "L", lastName: "Ate", seats: 1 },
  });
  expect(res.status()).toBe(404);
});

test("the owner sees each event's registrations and exports them", async ({ page }) => {
  if (!roomy) throw new Error("no event open for registration");
  const res = await page.request.post(`/api/events/${roomy.slug}/registrations`, {
    headers: { "X-Forwarded-For": "203.0.113.200" },
    data: { email: "listed@visitor.example", firstName: "Lis", lastName: "Ted", seats: 3 },
  });
  expect(res.status()).toBe(201);
  await signInOwner(page);
  await gotoHydrated(page, "/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Events" })
    .click();
  const card = page.getByRole("article", { name: roomy.meta.title });
  await expect(card.getByRole("link", { name: "Lis Ted" })).toBeVisible();
  await expect(card).toContainText("listed@visitor.example");
  expect(await seriousViolations(page)).toEqual([]);
  const download = page.waitForEvent("download");
  await card.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`registrations-${roomy.slug}.csv`);
  // On a phone the list scrolls inside its card; the page itself never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole("link", { name: "Lis Ted" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?lead=/);
  await expect(
    page.locator("[data-lead-details]").getByRole("heading", { name: "Lis Ted" }),
  ).toBeVisible();
});

test("the owner cancels a registration by keyboard: the seats are free again", async ({ page }) => {
  if (!roomy) throw new Error("no event open for registration");
  const res = await page.request.post(`/api/events/${roomy.slug}/registrations`, {
    headers: { "X-Forwarded-For": "203.0.113.201" },
    data: { email: "cannot@visitor.example", firstName: "Cannot", lastName: "Come", seats: 2 },
  });
  expect(res.status()).toBe(201);
  await signInOwner(page);
  await gotoHydrated(page, "/admin/events");
  const card = page.getByRole("article", { name: roomy.meta.title });
  const cancel = card.getByRole("button", { name: "Cancel Cannot Come's registration…" });
  await cancel.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cancel this registration?" });
  await expect(dialog).toContainText("Cannot Come's 2 seats are given back");
  // Escape keeps the registration, and focus goes back to where it was.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Cancel the registration" }).focus();
  const answer = page.waitForResponse((r) => r.url().endsWith("/cancel"));
  await page.keyboard.press("Enter");
  const { event } = await (await answer).json();
  await expect(dialog).toBeHidden();
  // Said where focus now is (the row is gone), and the figures are the server's.
  const status = card.getByRole("status");
  await expect(status).toHaveText(/^Registration canceled\. Its seats are free again/);
  await expect(status).toBeFocused();
  await expect(card.getByRole("link", { name: "Cannot Come" })).toHaveCount(0);
  await expect(card.getByRole("definition").nth(2)).toHaveText(String(event.seatsLeft));
  expect(await seriousViolations(page)).toEqual([]);
  // Gone for good: a reload does not bring the row back.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.getByText("cannot@visitor.example")).toHaveCount(0);
});
