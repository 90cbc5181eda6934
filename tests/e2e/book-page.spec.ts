import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * /book as a scheduling page (docs/booking.md, "The pages"): the host's card and the picker in
 * the first screen, where the call happens as the owner set it (asked for a number when by
 * phone), and the buttons that add a booked call to a calendar. On a server of its own, since
 * it changes where calls happen. Serial: one server, one owner.
 */
test.describe.configure({ mode: "serial" });
test.use({ timezoneId: "America/Chicago" });

let server: PrivateServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(test.info().workerIndex, { TIMEZONE: "America/New_York" });
});
test.afterAll(async () => server?.stop());

const room = "https://meet.example.com/fineline-studio";

async function setLocation(page: Page, location: unknown) {
  const session = await server.signIn(page);
  const headers = { "x-access-token": session.accessToken };
  const current = await (
    await page.request.get(`${server.origin}/api/booking/availability`, { headers })
  ).json();
  const saved = await page.request.put(`${server.origin}/api/booking/availability`, {
    headers,
    data: { ...current, location },
  });
  expect(saved.status()).toBe(200);
}

async function openBook(page: Page) {
  await page.goto(`${server.origin}/book`);
  await page.locator('[data-island="booking"][data-hydrated="true"]').waitFor();
  await expect(page.getByRole("group", { name: "Day", exact: true })).toBeVisible();
}

/** Picks the `nth` time of the first free day (different per test, so none takes another's). */
async function bookFirstFree(page: Page, nth: number, phone?: string) {
  await page
    .getByRole("group", { name: /^Times on / })
    .getByRole("radio")
    .nth(nth)
    .check();
  await page.getByLabel("Email").fill(`book.${nth}.${Date.now()}@bakery.example`);
  await page.getByLabel("First Name").fill("Rosa");
  await page.getByLabel("Last Name").fill("Delgado");
  if (phone !== undefined) await page.getByLabel("Phone number").fill(phone);
  // A person's pace: the form's clock calls anything under 3 s a bot.
  await page.waitForTimeout(3100);
  await page.getByRole("button", { name: "Book the call" }).click();
}

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test(`the host and the first free days are in the first screen at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openBook(page);
    // The eyebrow and title start below the site's fixed header, not under it.
    const eyebrow = page.getByText("Book a free call", { exact: true }).first();
    const covered = await eyebrow.evaluate((node) => {
      const box = node.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return !node.contains(top);
    });
    expect(covered).toBe(false);
    const card = page.getByRole("complementary", { name: "About the call" });
    await expect(card).toContainText("Nora Whitfield");
    await expect(card).toContainText("30 minutes");
    // Nothing said of where until the owner says.
    await expect(card).toContainText("Told when you book");
    const firstDay = page
      .getByRole("group", { name: "Day", exact: true })
      .getByRole("radio")
      .first();
    const box = await firstDay.boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
    const cardBox = await card.boundingBox();
    expect(cardBox?.y).toBeLessThan(height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("by phone: the number is asked, and the booked call goes to a calendar in one click", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await setLocation(page, { type: "phone" });
  await openBook(page);
  const card = page.getByRole("complementary", { name: "About the call" });
  await expect(card).toContainText("Phone call: we'll call you.");
  const phone = page.getByLabel("Phone number");
  await expect(phone).toBeVisible();
  await expect(phone).toHaveAttribute("required", "");

  // Without a number, the server's words, and nothing booked.
  await bookFirstFree(page, 0);
  await expect(page.getByRole("alert")).toHaveText("Enter the phone number we should call you on.");

  await phone.fill("+1 (912) 555-0142");
  await page.getByRole("button", { name: "Book the call" }).click();
  await expect(page.getByRole("heading", { name: "You're booked." })).toBeFocused();
  await expect(page.locator(".booking-done .booking-where")).toHaveText(
    "Phone call: we'll call you on +1 (912) 555-0142.",
  );
  // The time says its zone: the visitor's own.
  await expect(page.locator(".booking-when")).toContainText(/CST/);

  const add = page.getByRole("group", { name: "Add it to your calendar" });
  const google = new URL(
    (await add.getByRole("link", { name: /^Google Calendar/ }).getAttribute("href")) ?? "",
  );
  expect(google.host).toBe("calendar.google.com");
  expect(google.searchParams.get("dates")).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
  expect(google.searchParams.get("location")).toBe("Phone: +1 (912) 555-0142");
  await expect(add.getByRole("link", { name: /^Outlook/ })).toHaveAttribute("target", "_blank");
  const ics = await add.getByRole("link", { name: /\.ics/ }).getAttribute("href");
  const file = await page.request.get(`${server.origin}${ics}`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await file.text()).toContain("LOCATION:Phone: +1 (912) 555-0142");
  expect(await seriousViolations(page)).toEqual([]);

  // The owner's overview lists the call with its zone and the number to dial.
  await page.goto(`${server.origin}/admin`);
  const upcoming = page.getByRole("region", { name: "Upcoming meetings" });
  await expect(upcoming.getByRole("link", { name: "+1 (912) 555-0142" })).toHaveAttribute(
    "href",
    "tel:+19125550142",
  );
  await expect(upcoming.locator("time").first()).toHaveText(/(AM|PM) E[SD]T$/);
});

test("by video: the room's link comes with the confirmation and on the manage page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await setLocation(page, { type: "video", url: room });
  await openBook(page);
  await expect(page.getByRole("complementary", { name: "About the call" })).toContainText(
    "Video call. The link to join comes with your confirmation.",
  );
  await expect(page.getByLabel("Phone number")).toBeHidden();
  expect(await page.content()).not.toContain("meet.example.com");
  await bookFirstFree(page, 2);
  await expect(page.getByRole("heading", { name: "You're booked." })).toBeFocused();
  const join = page.locator(".booking-done").getByRole("link", { name: "join the meeting room" });
  await expect(join).toHaveAttribute("href", room);
  const manage = await page
    .getByRole("link", { name: "Move or cancel this call" })
    .getAttribute("href");
  await page.goto(new URL(new URL(manage ?? "").pathname, server.origin).href);
  await expect(page.getByRole("link", { name: "join the meeting room" })).toHaveAttribute(
    "href",
    room,
  );
});

test("in person, set from Settings: the address and a map on the booking page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/settings`);
  const where = page.getByRole("group", { name: "Where calls happen" });
  await where.getByRole("radio", { name: /^In person/ }).check();
  const address = "12 Harbor St, Savannah, GA 31401";
  await where.getByLabel("Address").fill(address);
  await page.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Availability saved." })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await openBook(page);
  const card = page.getByRole("complementary", { name: "About the call" });
  await expect(card).toContainText(`In person, at ${address}.`);
  await expect(card.getByRole("link", { name: /^Map/ })).toHaveAttribute(
    "href",
    `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`,
  );
  await expect(page.getByLabel("Phone number")).toBeHidden();
});
