import { expect, type Page, test } from "@playwright/test";
import type { LeadStatus } from "../../domain/lead-record.ts";
import type { LeadStats, LeadWeek } from "../../domain/lead-stats.ts";
import { createOwner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { seedLeads, signInOwner } from "./leads-data.ts";
import { showTab } from "./visibility.ts";

test.beforeAll(() => createOwner());

const week = (start: string, counts: Partial<Record<LeadStatus, number>>): LeadWeek => ({
  start,
  counts: { CONVERTED: 0, ABANDONED: 0, COLD: 0, WARM: 0, HOT: 0, ...counts },
});

// Twelve Mondays, the busiest the week of Oct 26 (7 leads), 28 in all, 4 converted.
const fixedStats: LeadStats = {
  newLeads: 1234,
  followingUp: 56,
  convertedThisMonth: 7,
  weeks: [
    week("2026-09-07", { WARM: 1 }),
    week("2026-09-14", {}),
    week("2026-09-21", { HOT: 2, COLD: 1 }),
    week("2026-09-28", { CONVERTED: 1, WARM: 1 }),
    week("2026-10-05", { ABANDONED: 2 }),
    week("2026-10-12", { WARM: 3 }),
    week("2026-10-19", { HOT: 1, CONVERTED: 1 }),
    week("2026-10-26", { CONVERTED: 1, HOT: 2, WARM: 2, COLD: 1, ABANDONED: 1 }),
    week("2026-11-02", { WARM: 2 }),
    week("2026-11-09", { COLD: 2, HOT: 1 }),
    week("2026-11-16", { CONVERTED: 1, WARM: 1 }),
    week("2026-11-23", { HOT: 1 }),
  ],
  topPages: [
    { page: "/guides/wordpress", leads: 5 },
    { page: "/previous-work", leads: 2 },
    { page: "/about", leads: 1 },
  ],
};

/** Answers the dashboard's data call with the given response instead of the server. */
async function stubStats(page: Page, response: { status: number; body: string }) {
  await page.route("**/api/leads/stats", (route) =>
    route.fulfill({ ...response, contentType: "application/json" }),
  );
}

const card = (page: Page, label: string) =>
  page.locator("dl > div").filter({ has: page.locator("dt", { hasText: label }) });

test("shows the three counts and a 12-week chart with its numbers", async ({ page }) => {
  await stubStats(page, { status: 200, body: JSON.stringify(fixedStats) });
  await signInOwner(page);
  await gotoHydrated(page, "/admin");

  await expect(card(page, "New leads").locator("dd").first()).toHaveText("1,234");
  await expect(card(page, "Following up").locator("dd").first()).toHaveText("56");
  await expect(card(page, "Converted this month").locator("dd").first()).toHaveText("7");

  const chart = page.getByRole("img", { name: /^Leads per week/ });
  await expect(chart).toHaveAccessibleName(
    "Leads per week 28 leads in the last 12 weeks, 4 of them converted. Busiest: the week of Oct 26, with 7 leads. Each lead counts in the week it arrived, by its status now; the last bar is this week so far.",
  );
  // One bar per week with one segment per status present: 1+0+2+2+1+1+2+5+1+2+2+1 = 20.
  await expect(chart.locator("g")).toHaveCount(12);
  await expect(chart.locator("g rect[fill^='#']")).toHaveCount(20);
  await expect(chart.locator("g").nth(7).locator("title")).toHaveText(
    "Week of Oct 26: 7 leads (1 converted, 2 hot, 2 warm, 1 cold, 1 abandoned)",
  );
  await expect(page.getByRole("list", { name: "Lead statuses" }).getByRole("listitem")).toHaveText([
    "Converted",
    "Hot",
    "Warm",
    "Cold",
    "Abandoned",
  ]);

  // The table opens by keyboard and holds every number the bars draw.
  const table = page.getByRole("table", { name: "Leads per week by lead status" });
  await expect(table).toBeHidden();
  await page.getByText("Show the numbers").focus();
  await page.keyboard.press("Enter");
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("row", { name: /Week of Oct 26/ }).getByRole("cell")).toHaveText([
    "1",
    "2",
    "2",
    "1",
    "1",
    "7",
  ]);
  await expect(table.getByRole("rowheader").last()).toHaveText("Week of Nov 23 (so far)");
  expect(await seriousViolations(page)).toEqual([]);
});

test("links each count to the matching leads", async ({ page }) => {
  await stubStats(page, { status: 200, body: JSON.stringify(fixedStats) });
  await signInOwner(page);
  await gotoHydrated(page, "/admin");
  await page.getByRole("link", { name: "See converted leads" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?lead=CONVERTED$/);
  await expect(page.getByLabel("Filter by lead temperature")).toHaveValue("CONVERTED");
});

test("counts real leads: new ones show in New leads and the latest bars", async ({ page }) => {
  await signInOwner(page);
  await seedLeads(`dash${Date.now().toString(36)}`, 3);
  await gotoHydrated(page, "/admin");
  const numberIn = async (cell: ReturnType<Page["locator"]>) =>
    Number(((await cell.textContent()) ?? "").replace(/,/g, ""));
  expect(await numberIn(card(page, "New leads").locator("dd").first())).toBeGreaterThanOrEqual(3);
  await page.getByText("Show the numbers").click();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.last().getByRole("rowheader")).toHaveText(/\(so far\)$/);
  // The leads were seeded a few minutes apart, up to now: just after midnight on a Monday
  // (UTC) some of them belong to the week before.
  const lastTwoWeeks =
    (await numberIn(rows.last().getByRole("cell").last())) +
    (await numberIn(rows.nth(-2).getByRole("cell").last()));
  expect(lastTwoWeeks).toBeGreaterThanOrEqual(3);
});

test("lists the pages that bring leads, most first", async ({ page }) => {
  await stubStats(page, { status: 200, body: JSON.stringify(fixedStats) });
  await signInOwner(page);
  await gotoHydrated(page, "/admin");
  const pages = page.getByRole("region", { name: "Pages that bring leads" });
  await expect(pages.getByRole("listitem")).toHaveText([
    /^\/guides\/wordpress\s*5 leads$/,
    /^\/previous-work\s*2 leads$/,
    /^\/about\s*1 lead$/,
  ]);
});

test("follows live: new numbers every 15 seconds, in place; none while the tab is hidden", async ({
  page,
}) => {
  let asked = 0;
  await page.route("**/api/leads/stats", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ ...fixedStats, newLeads: 1233 + ++asked }),
    }),
  );
  await page.clock.install();
  await signInOwner(page);
  await gotoHydrated(page, "/admin");
  const newLeads = card(page, "New leads");
  await expect(newLeads.locator("dd").first()).toHaveText("1,234");
  const before = await newLeads.boundingBox();

  await page.clock.runFor(15_000);
  await expect(newLeads.locator("dd").first()).toHaveText("1,235");
  expect(await newLeads.boundingBox()).toEqual(before);

  await showTab(page, "hidden");
  await page.clock.runFor(60_000);
  expect(asked).toBe(2);
  await showTab(page, "visible");
  await expect(newLeads.locator("dd").first()).toHaveText("1,236");
});

test("says when the numbers fail to load, with the server's message or the default", async ({
  page,
}) => {
  await stubStats(page, {
    status: 500,
    body: JSON.stringify({ message: "The database is busy." }),
  });
  await signInOwner(page);
  await gotoHydrated(page, "/admin");
  await expect(page.getByRole("alert")).toHaveText(
    "The numbers didn't load: The database is busy.",
  );
  const missing = card(page, "New leads").locator("dd").first();
  await expect(missing).toContainText("–");
  await expect(missing.getByText("not loaded")).toHaveClass(/sr-only/);
  await expect(page.getByRole("img", { name: /Leads per week/ })).toHaveCount(0);

  await page.unroute("**/api/leads/stats");
  await stubStats(page, { status: 502, body: "<html>Bad gateway</html>" });
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText(
    "The numbers didn't load: failed to load. reason unknown",
  );
});

test("an empty quarter gets an axis and says so; bars keep still under reduced motion", async ({
  page,
}) => {
  const empty = { ...fixedStats, weeks: fixedStats.weeks.map((w) => week(w.start, {})) };
  await stubStats(page, { status: 200, body: JSON.stringify(empty) });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signInOwner(page);
  await gotoHydrated(page, "/admin");
  await expect(
    page.getByRole("img", { name: /No leads in the last 12 weeks yet\./ }),
  ).toBeVisible();
  await expect(page.getByText("New leads will show up here, week by week.")).toBeVisible();
  const animation = await page
    .locator("figure svg g")
    .first()
    .evaluate((g) => getComputedStyle(g).animationName);
  expect(animation).toBe("none");
});

for (const width of [390, 1440]) {
  test(`has no serious accessibility findings and no overflow at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await stubStats(page, { status: 200, body: JSON.stringify(fixedStats) });
    await signInOwner(page);
    await gotoHydrated(page, "/admin");
    await page.getByText("Show the numbers").click();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
  });
}
