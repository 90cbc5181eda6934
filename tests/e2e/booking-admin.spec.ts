import { expect, type Page, test } from "@playwright/test";
import { createOwner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { fromClient } from "./client-address.ts";
import { gotoHydrated } from "./hydration.ts";
import { signInOwner } from "./leads-data.ts";

test.beforeAll(() => createOwner());
test.use(fromClient("booking"));

/** Books the first free time for a visitor of its own, through the public API. */
async function bookACall(page: Page, tag: string) {
  const { slots } = await (await page.request.get("/api/booking/slots")).json();
  for (const slot of slots as Array<{ start: string }>) {
    const res = await page.request.post("/api/booking", {
      data: {
        email: `${tag}@visitor.example`,
        firstName: tag,
        lastName: "Visitor",
        start: slot.start,
      },
    });
    if (res.status() === 201) return (await res.json()).booking as { ID: string; start: string };
    expect(res.status()).toBe(409);
  }
  throw new Error("no free time to book");
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`settings: the owner's availability is edited and saved at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signInOwner(page);
    await gotoHydrated(page, "/admin");
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Availability" })).toBeVisible();
    const buffer = page.getByLabel("Buffer between meetings (minutes)");
    await expect(buffer).toHaveValue("15");
    // A value the API refuses is refused here, with the API's words.
    await buffer.fill("7");
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText(/^Buffer must be a whole number of minutes/).first()).toBeVisible();
    await buffer.fill("15");
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("Availability saved.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    // axe counts a field scrolled half under the sticky admin bar as a small target; judge the
    // form as it first opens, not at whatever scroll position the clicks above left behind.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a booked call shows in Upcoming meetings and on its lead, where the owner can cancel it", async ({
  page,
}) => {
  const tag = `call${Date.now().toString(36)}`;
  const booking = await bookACall(page, tag);
  await signInOwner(page);
  await gotoHydrated(page, "/admin");
  const upcoming = page.getByRole("region", { name: "Upcoming meetings" });
  const link = upcoming.getByRole("link", { name: `${tag} Visitor` });
  // Seven days ahead at most: the first free time is within them on a weekday-open studio.
  await expect(link).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await link.click();
  const details = page.locator("[data-lead-details]");
  await expect(details.getByRole("heading", { name: `${tag} Visitor` })).toBeVisible();
  const calls = details.getByRole("region", { name: "Calls" });
  await expect(calls).toContainText("booked");
  await calls.getByRole("button", { name: "Cancel call…" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this call?" });
  await dialog.getByRole("button", { name: "Cancel the call" }).click();
  await expect(calls).toContainText("Call canceled. The visitor has been told.");
  await expect(calls).toContainText("canceled by you");
  const meetings = await page.request.get(`/api/booking/slots`);
  expect((await meetings.json()).slots.map((s: { start: string }) => s.start)).toContain(
    booking.start,
  );
});
