import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { fromClient } from "./client-address.ts";
import { gotoHydrated, waitForContactIsland } from "./hydration.ts";

test.use({ ...fromClient("booking-page"), timezoneId: "Europe/Madrid" });

const island = '[data-island="booking"][data-hydrated="true"]';

/** Keyboard only: Tab (or Shift+Tab) until `target` has focus. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`never reached ${target}`);
}

async function openBookPage(page: Page) {
  await gotoHydrated(page, "/book");
  await page.locator(island).waitFor();
  await expect(page.getByRole("group", { name: "Day", exact: true })).toBeVisible();
}

const noOverflow = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`a visitor books, moves and cancels a call by keyboard alone at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openBookPage(page);
    await expect(page.getByText("Times are shown in Europe/Madrid.")).toBeVisible();
    await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Madrid");
    expect(await seriousViolations(page)).toEqual([]);

    // Into the day group: its chosen day has focus; arrows would move between free days.
    const day = page
      .getByRole("group", { name: "Day", exact: true })
      .getByRole("radio", { checked: true });
    await page.getByLabel("Time zone").focus();
    await tabTo(page, day);
    const times = page.getByRole("group", { name: /^Times on / });
    await tabTo(page, times.getByRole("radio").first());
    // Arrow keys choose within the group; from the day's end, so the tests that book the
    // first free times at the same moment never want the same one (nor a neighbour, which
    // the buffer between meetings would take too).
    const fromEnd = width === 1440 ? 1 : 3;
    for (let i = 0; i < fromEnd; i++) await page.keyboard.press("ArrowLeft");
    const picked = times.getByRole("radio", { checked: true });
    await expect(picked).toBeFocused();
    const chosen = await picked.getAttribute("value");
    await expect(page.getByText(/^Your call: /)).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.type(`keys.${width}.${Date.now()}@bakery.example`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Rosa");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Delgado");
    await page.keyboard.press("Tab");
    await page.keyboard.type("A new site before the spring menu.");
    // A person's pace: the form's clock calls anything under 3 s a bot.
    await page.waitForTimeout(3100);
    await tabTo(page, page.getByRole("button", { name: "Book the call" }));
    await page.keyboard.press("Enter");

    const done = page.getByRole("heading", { name: "You're booked." });
    await expect(done).toBeFocused();
    await expect(page.getByRole("status")).toHaveText(
      "Your call is booked. We've sent the details and a calendar invite to your email.",
    );
    const when = await page.locator(".booking-when").textContent();
    expect(when).toMatch(/GMT\+1$/);
    await noOverflow(page, width);

    // The manage page: never indexed, the call in the visitor's zone.
    const manage = page.getByRole("link", { name: "Move or cancel this call" });
    const href = (await manage.getAttribute("href")) ?? "";
    const response = await page.goto(new URL(href).pathname);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { name: "See you then, Rosa." })).toBeVisible();
    await expect(page.locator(".booking-when")).toHaveText(when ?? "");
    expect(await seriousViolations(page)).toEqual([]);

    await tabTo(page, page.getByRole("button", { name: "Reschedule" }));
    await page.keyboard.press("Enter");
    // A week later, again from the day's end.
    await tabTo(page, page.getByRole("button", { name: "Next week" }));
    await page.keyboard.press("Enter");
    const newTimes = page.getByRole("group", { name: /^Times on / });
    await tabTo(page, newTimes.getByRole("radio").first());
    for (let i = 0; i < fromEnd; i++) await page.keyboard.press("ArrowLeft");
    const another = newTimes.getByRole("radio", { checked: true });
    expect(await another.getAttribute("value")).not.toBe(chosen);
    await tabTo(page, page.getByRole("button", { name: "Move the call" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(
      "Your call has moved. We've sent the new details and an updated invite.",
    );
    await expect(page.getByRole("heading", { name: "See you then, Rosa." })).toBeFocused();
    await noOverflow(page, width);

    await tabTo(page, page.getByRole("button", { name: "Cancel the call" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Yes, cancel it" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status")).toHaveText(
      "Your call is canceled. We've let the studio know.",
    );
    await expect(page.getByRole("heading", { name: "Canceled, Rosa." })).toBeFocused();
    await expect(page.getByRole("link", { name: "Book a new time" })).toBeVisible();
  });
}

test("a time taken meanwhile is refused in the page, and the visitor is back at the times", async ({
  page,
}) => {
  await openBookPage(page);
  const time = page
    .getByRole("group", { name: /^Times on / })
    .getByRole("radio")
    .first();
  const start = await time.getAttribute("value");
  const taken = await page.request.post("/api/booking", {
    data: { email: "first@bakery.example", firstName: "First", lastName: "Come", start },
  });
  expect(taken.status()).toBe(201);
  await time.check();
  await page.getByLabel("Email").fill("second@bakery.example");
  await page.getByLabel("First Name").fill("Second");
  await page.getByLabel("Last Name").fill("Served");
  await page.waitForTimeout(3100);
  await page.getByRole("button", { name: "Book the call" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That time is no longer available. Please pick another.",
  );
  // Fresh times: the one taken is gone, and focus is on the choice again.
  await expect(page.locator(`input[value="${start}"]`)).toHaveCount(0);
  await expect(page.locator("input[name=slot]:focus, input[name=day]:focus")).toHaveCount(1);
});

test("Book a call now, after the contact form, fills in the visitor's details", async ({
  page,
}) => {
  const email = `now.${Date.now()}@bakery.example`;
  await gotoHydrated(page, "/home#contact-us");
  await waitForContactIsland(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First Name").fill("Ada");
  await page.getByLabel("Last Name").fill("Baker");
  await page.waitForTimeout(3100);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toHaveText("We'll be in touch shortly!");
  await expect(page.getByText("Book a free call while you're here.")).toBeVisible();
  const bookNow = page.getByRole("link", { name: "Book a call now" });
  // Shown only after a send, so its styles must survive the page's pruned stylesheet.
  expect((await bookNow.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  expect(
    await bookNow.evaluate((link) => getComputedStyle(link.parentElement as Element).paddingTop),
  ).not.toBe("0px");
  await bookNow.click();
  await page.locator(island).waitFor();
  await expect(page.locator("#booking-email")).toHaveValue(email);
  await expect(page.locator("#booking-first")).toHaveValue("Ada");
  await expect(page.locator("#booking-last")).toHaveValue("Baker");
  // The pass leaves the address bar: a bookmark or a shared link does not carry it.
  await expect(page).toHaveURL(/\/book$/);

  // The details came filled in, so a visitor may book within seconds of first touching the
  // form: the clock runs from the page's opening, and the call is real (a spam verdict's
  // manage link finds nothing).
  await page.waitForTimeout(3100);
  // A full day a week ahead, clear of the times (and buffers) the other tests book.
  await page.getByRole("button", { name: "Next week" }).click();
  await page
    .getByRole("group", { name: /^Times on / })
    .getByRole("radio")
    .nth(-6)
    .check();
  await page.getByRole("button", { name: "Book the call" }).click();
  const manage = page.getByRole("link", { name: "Move or cancel this call" });
  await page.goto(new URL((await manage.getAttribute("href")) ?? "").pathname);
  await expect(page.getByRole("heading", { name: "See you then, Ada." })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the booking page offers the contact form instead", async ({ page }) => {
    await page.goto("/book");
    await expect(page.getByText(/Picking a time needs JavaScript/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Book the call" })).toBeHidden();
  });
});

test("the home page and both landing pages offer a free call", async ({ page }) => {
  for (const path of ["/", "/home2", "/home3"]) {
    await page.goto(path);
    const link = page.getByRole("link", { name: "Book a free call" }).first();
    await expect(link).toHaveAttribute("href", "/book");
  }
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce", viewport: { width: 320, height: 700 } });

  test("the picker works at 320 px without overflow", async ({ page }) => {
    await openBookPage(page);
    await page
      .getByRole("group", { name: /^Times on / })
      .getByRole("radio")
      .first()
      .check();
    await expect(page.getByText(/^Your call: /)).toBeVisible();
    await noOverflow(page, 320);
  });
});
