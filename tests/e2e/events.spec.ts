import { expect, test } from "@playwright/test";
import { events } from "../../app/content/collections.server.ts";
import { e2eBuildTime } from "./server.ts";

// The build decides upcoming vs past by its clock; the browser tests' build is told the day.
const now = Date.parse(e2eBuildTime);
const upcoming = events().filter((e) => Date.parse(e.meta.end) >= now);
const past = events().filter((e) => Date.parse(e.meta.end) < now);

test("the day chosen for the build has events of both kinds to check", () => {
  expect(upcoming.length).toBeGreaterThan(0);
  expect(past.length).toBeGreaterThan(0);
});

test.use({ viewport: { width: 1440, height: 900 } });

test("the index lists upcoming events as summaries and past events apart, marked as past", async ({
  page,
}) => {
  await page.goto("/events");
  const upcomingList = page.getByRole("region", { name: "Upcoming" }).getByRole("listitem");
  await expect(upcomingList).toHaveCount(upcoming.length);
  for (const event of upcoming) {
    const link = page.getByRole("link", { name: event.meta.title });
    await expect(link).toHaveAttribute("href", `/events/${event.slug}`);
  }
  // Summaries, not write-ups: no event's sections are printed on the index.
  await expect(page.locator("main h4, main .prose")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2600);

  const pastList = page.getByRole("region", { name: "Past events" }).getByRole("listitem");
  await expect(pastList).toHaveCount(past.length);
  for (const item of await pastList.all()) await expect(item).toContainText("Past event");
  await expect(
    page.getByRole("region", { name: "Past events" }).getByRole("link", { name: "Save me a seat" }),
  ).toHaveCount(0);
});

test("each event has a page of its own with the write-up, and a past one says it took place", async ({
  page,
}) => {
  for (const event of [...upcoming, ...past]) {
    await page.goto(`/events/${event.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.meta.title);
    await expect(page.locator(".prose h2").first()).toBeVisible();
    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .allTextContents()
      .then((texts) => texts.flatMap((text) => JSON.parse(text)));
    const described = jsonLd.find((item) => item["@type"] === "Event");
    expect(described?.url).toMatch(new RegExp(`/events/${event.slug}$`));
    const isUpcoming = upcoming.includes(event);
    await expect(page.getByRole("link", { name: "Save me a seat" })).toHaveCount(
      isUpcoming ? 1 : 0,
    );
    if (isUpcoming) expect(described?.offers?.availability).toMatch(/InStock/);
    else {
      expect(described?.offers).toBeUndefined();
      await expect(page.getByText(/This event took place on/)).toBeVisible();
    }
  }
});

test("the footer names each page once", async ({ page }) => {
  await page.goto("/events");
  // The columns' lists (the brand beside them links home, as everywhere).
  const hrefs = await page
    .getByRole("contentinfo")
    .locator("ul a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThan(8);
  expect(hrefs.filter((href, index) => hrefs.indexOf(href) !== index)).toEqual([]);
  await expect(page.getByRole("contentinfo").getByText("Knowledge Hub")).toHaveCount(0);
});
