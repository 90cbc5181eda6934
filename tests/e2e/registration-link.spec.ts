import { expect, type Locator, type Page, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { events } from "../../app/content/collections.server.ts";
import { eventTexts } from "../../domain/event-texts.ts";
import { startSmtp } from "../../server/test-support/smtp.ts";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * A guest cancels their own event registration from the link in its confirmation (ADR 026),
 * end to end: a real SMTP server receives the confirmation, the link in it opens the page,
 * and the guest cancels by keyboard alone.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtp();
  server = await startPrivateServer(test.info().workerIndex, {
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL: "owner@fineline.studio",
    DIGEST_HOUR: "off",
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

// Open for registration now, on this server's clock: the roomiest, so seats never run out.
const event = events()
  .filter((e) => Date.parse(e.meta.start) > Date.now())
  .sort((a, b) => b.meta.capacity - a.meta.capacity)[0];

/** Registers through the API and returns the path of the link its confirmation carries. */
async function registeredLink(page: Page, email: string, seats: number): Promise<string> {
  if (!event) throw new Error("no event open for registration");
  const res = await page.request.post(`${server.origin}/api/events/${event.slug}/registrations`, {
    data: { email, firstName: "Ada", lastName: "Okafor", seats },
  });
  expect(res.status()).toBe(201);
  let raw = "";
  await expect
    .poll(() => {
      raw = smtp.received.find((m) => m.to.includes(email))?.raw ?? "";
      return raw;
    })
    .not.toBe("");
  const text = (await simpleParser(raw)).text ?? "";
  const link = text.match(/someone else: (\S+\/registration\/\S+)/)?.[1];
  if (!link) throw new Error(`no link in the confirmation:\n${text}`);
  return new URL(link).pathname;
}

/** Keyboard only: Tab until `target` has focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`never reached ${target}`);
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`a guest cancels from the confirmation's link by keyboard alone at ${width} px`, async ({
    page,
  }) => {
    if (!event) throw new Error("no event open for registration");
    await page.setViewportSize({ width, height });
    const path = await registeredLink(page, `guest.${width}@visitor.example`, 2);
    const response = await page.goto(`${server.origin}${path}`);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    const heading = page.getByRole("heading", { level: 2, name: "You're registered, Ada." });
    await expect(heading).toBeVisible();
    await expect(page.getByRole("link", { name: event.meta.title })).toBeVisible();
    await expect(page.getByText("2 seats", { exact: true })).toBeVisible();
    await expect(page.getByText(/Eastern$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, page.getByRole("button", { name: "Cancel my registration" }));
    await page.keyboard.press("Enter");
    // Asked once, with the answer that keeps the seats beside it.
    await expect(
      page.getByRole("group", { name: `Cancel your 2 seats at ${event.meta.title}?` }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Yes, cancel it" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Keep my seats" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Cancel my registration" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter"); // Yes, cancel it

    await expect(page.getByRole("status")).toHaveText(eventTexts.guestCanceledWithEmail);
    await expect(page.getByRole("heading", { level: 2, name: "Canceled, Ada." })).toBeFocused();
    await expect(page.getByRole("link", { name: "Register again" })).toHaveAttribute(
      "href",
      `/events/${event.slug}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // The withdrawal reaches the guest; the link opens nothing any more.
    await expect
      .poll(
        () => smtp.received.filter((m) => m.to.includes(`guest.${width}@visitor.example`)).length,
      )
      .toBe(2);
    await page.reload();
    await expect(page.getByRole("alert")).toHaveText(eventTexts.linkNotFound);
    await expect(page.getByRole("link", { name: "See upcoming events" })).toBeVisible();
  });
}

test("a link that is not one of ours says so, and offers the events", async ({ page }) => {
  await page.goto(`${server.origin}/registration/0190f1a2-7b3c-7d4e-8f50-617283940a1b.forged`);
  await expect(page.getByRole("alert")).toHaveText(eventTexts.linkNotFound);
  // The page's script: the frame and the plain-DOM island, well within a public page's 10 KB.
  const scriptBytes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js"))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
  expect(scriptBytes).toBeGreaterThan(0);
  expect(scriptBytes).toBeLessThanOrEqual(10 * 1024);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await expect(page.getByRole("link", { name: "See upcoming events" })).toHaveAttribute(
    "href",
    "/events",
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page says to reply to the confirmation instead", async ({ page }) => {
    const path = await registeredLink(page, "nojs.guest@visitor.example", 1);
    await page.goto(`${server.origin}${path}`);
    await expect(page.getByText(/Reply to your confirmation email instead/)).toBeVisible();
    await expect(page.getByText("Finding your registration…")).toBeHidden();
  });
});
