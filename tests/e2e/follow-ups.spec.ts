import { expect, type Page, test } from "@playwright/test";
import { addDays, addWorkingDays, todayIn } from "../../domain/dates.ts";
import { createOwner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { seedLeads, setFollowUp, signInOwner } from "./leads-data.ts";

// The e2e server runs with the default TIMEZONE (UTC): "today" is UTC's. The browser runs on
// the other side of the date line, so a screen that used the browser's zone instead of the
// owner's would show other days for most of the day.
test.use({ timezoneId: "Pacific/Kiritimati" });
test.beforeAll(() => createOwner());

const tagFor = (name: string) =>
  `${name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = () => todayIn("UTC");
const day = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

const section = (page: Page, name: string) =>
  page.getByRole("region", { name: new RegExp(`^${name}\\b`) });
const card = (page: Page, name: string) => page.getByRole("article", { name });

async function open(page: Page, path: string) {
  await signInOwner(page);
  await gotoHydrated(page, path);
  await expect(page.getByRole("heading", { level: 2, name: /New Leads/ })).toBeVisible();
}

test("a quick choice sets the next follow-up, saved like the selects, and can be cleared", async ({
  page,
}) => {
  const tag = tagFor("quick");
  await seedLeads(tag, 1);
  await open(page, `/admin/leads?q=${tag}`);
  const lead = card(page, `${tag}000 Baker`);
  await expect(lead.getByLabel("Next follow-up")).toHaveValue("");
  await lead
    .getByRole("group", { name: "Quick follow-up dates" })
    .getByRole("button", { name: "Tomorrow" })
    .click();
  await expect(lead.getByText("Saved changes!")).toBeVisible();
  // Tomorrow is the next working day: on a Friday, Monday.
  const tomorrow = addWorkingDays(today(), 1);
  await expect(lead.getByLabel("Next follow-up")).toHaveValue(tomorrow);
  await expect(lead.getByText(`Follow up ${day(tomorrow)}`)).toBeVisible();
  await lead.getByText("History").click();
  await expect(lead.getByText(`Next follow-up set to ${day(tomorrow)}`)).toBeVisible();

  // A date typed into the field saves too; Clear takes it away.
  const inTen = addDays(today(), 10);
  await lead.getByLabel("Next follow-up").fill(inTen);
  await lead.getByLabel("Next follow-up").press("Tab");
  await expect(lead.getByText(`Follow up ${day(inTen)}`)).toBeVisible();
  await page.reload();
  const reloaded = card(page, `${tag}000 Baker`);
  await expect(reloaded.getByLabel("Next follow-up")).toHaveValue(inTen);
  await reloaded.getByRole("button", { name: "Clear" }).click();
  await expect(reloaded.getByText("Saved changes!")).toBeVisible();
  await expect(reloaded.getByLabel("Next follow-up")).toHaveValue("");
  await expect(reloaded.locator("[data-follow-up]")).toHaveCount(0);
});

test("the Due strip lists overdue and today's follow-ups, oldest first, and a lead leaves it when moved on", async ({
  page,
}) => {
  const tag = tagFor("due");
  const [overdue = "", dueToday = "", later = ""] = await seedLeads(tag, 3);
  await setFollowUp(overdue, addDays(today(), -2));
  await setFollowUp(dueToday, today());
  await setFollowUp(later, addDays(today(), 5));
  await open(page, "/admin/leads");
  const due = section(page, "Due");
  await expect(due.getByRole("heading", { level: 2 })).toHaveText(/^Due \d+/);
  const mine = due.getByRole("article").filter({ hasText: tag });
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toHaveAccessibleName(`${tag}000 Baker`);
  await expect(mine.nth(1)).toHaveAccessibleName(`${tag}001 Baker`);
  // Badges that say what they mean, in words.
  await expect(
    mine.nth(0).getByText(`Overdue · was due ${day(addDays(today(), -2))}`),
  ).toBeVisible();
  await expect(mine.nth(1).getByText("Due today")).toBeVisible();

  // Working it: the overdue one is moved to next week (five working days on). It leaves the
  // strip; the owner stays in the strip, on the next lead due, and is told where it went.
  const first = mine.nth(0);
  // Other tests' follow-ups may be due too: open this lead's details (the workspace shows one).
  const row = first.getByRole("button", { name: new RegExp(`^${tag}000 Baker`) });
  if (await row.count()) await row.click();
  const scrollY = await page.evaluate(() => window.scrollY);
  await first.getByRole("button", { name: /^Next week/ }).click();
  await expect(due.getByRole("article", { name: `${tag}000 Baker` })).toHaveCount(0);
  const moved = section(page, "New Leads").getByRole("article", { name: `${tag}000 Baker` });
  await expect(moved.getByText(`Follow up ${day(addWorkingDays(today(), 5))}`)).toBeVisible();
  await expect(due.locator(":focus")).toHaveAttribute("data-lead-nav");
  await expect(page.locator("[data-notice]")).toContainText(`${tag}000 Baker moved to New Leads.`);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  expect(await seriousViolations(page)).toEqual([]);
});

test("replying offers a follow-up three business days later; the owner decides", async ({
  page,
}) => {
  const tag = tagFor("offer");
  await seedLeads(tag, 2);
  await open(page, `/admin/leads?q=${tag}`);
  const lead = card(page, `${tag}000 Baker`);
  await lead.getByLabel("Communication status").selectOption("REPLIED");
  const moved = section(page, "Follow Up With").getByRole("article", { name: `${tag}000 Baker` });
  const suggested = addWorkingDays(today(), 3);
  // Offered where the owner is, in the notice of the move, while he stays in New Leads.
  const notice = page.locator("[data-notice]");
  await expect(notice).toContainText(
    `${tag}000 Baker moved to Follow Up With. Follow up on ${day(suggested)}?`,
  );
  await notice.getByRole("button", { name: "Set follow-up" }).click();
  await expect(moved.getByText(`Follow up ${day(suggested)}`)).toBeVisible();
  await expect(notice).toContainText(`Follow-up with ${tag}000 Baker set for ${day(suggested)}.`);

  // Not forced: the lead's own details offer it too, and Not now saves nothing.
  const other = card(page, `${tag}001 Baker`);
  await other.getByLabel("Communication status").selectOption("CONVERSING");
  await notice.getByRole("button", { name: "Jump to it" }).click();
  const second = section(page, "Follow Up With").getByRole("article", { name: `${tag}001 Baker` });
  await expect(
    second.getByText(`Follow up on ${day(suggested)}, three business days from now?`),
  ).toBeVisible();
  await second.getByRole("button", { name: "Not now" }).click();
  await expect(second.getByLabel("Next follow-up")).toHaveValue("");
  // Closing a lead clears nothing by itself.
  await moved.getByLabel("Lead status").selectOption("CONVERTED");
  await expect(moved.getByText("Saved changes!")).toBeVisible();
  await expect(moved.getByText(`Follow up ${day(suggested)}`)).toBeVisible();
});

test("Reply by email opens a reply to the visitor, then offers to mark the lead replied", async ({
  page,
}) => {
  const tag = tagFor("reply");
  await seedLeads(tag, 1);
  await open(page, `/admin/leads?q=${tag}`);
  const lead = card(page, `${tag}000 Baker`);
  await expect(lead.getByText(/^Waiting (\d+ min|\d+ h)$/)).toBeVisible();
  const reply = lead.getByRole("link", { name: "Reply by email" });
  const href = String(await reply.getAttribute("href"));
  const mailto = new URL(href);
  expect(decodeURIComponent(mailto.pathname)).toBe(`${tag}.0@bakery.example`);
  expect(mailto.searchParams.get("subject")).toBe("Re: your inquiry to Fineline Studio");
  expect(mailto.searchParams.get("body")).toContain(`> Lead 0 from the ${tag} batch`);
  // The mail program is not ours to open in a test: the click's default is prevented.
  await reply.evaluate((link) => link.addEventListener("click", (e) => e.preventDefault()));
  await reply.click();
  await lead.getByRole("button", { name: "Mark as replied" }).click();
  const moved = section(page, "Follow Up With").getByRole("article", { name: `${tag}000 Baker` });
  await expect(moved.getByLabel("Communication status")).toHaveValue("REPLIED");
  await expect(moved.getByText("Saved changes!")).toBeVisible();
});

test("the dashboard counts overdue and due today, and links to them", async ({ page }) => {
  const tag = tagFor("dash");
  const [a = ""] = await seedLeads(tag, 1);
  await setFollowUp(a, addDays(today(), -1));
  await signInOwner(page);
  await gotoHydrated(page, "/admin");
  const overdue = page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: /^Overdue$/ }) });
  await expect(overdue.locator("dd").first()).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByRole("heading", { name: "Speed to lead" })).toBeVisible();
  await overdue.getByRole("link", { name: "See overdue follow-ups" }).click();
  await expect(page).toHaveURL("/admin/leads?due=overdue");
  await expect(page.getByLabel("Filter by follow-up")).toHaveValue("overdue");
  await expect(page.getByRole("article", { name: `${tag}000 Baker` })).toBeVisible();
});

for (const [width, height] of [
  [390, 844],
  [1440, 900],
] as const) {
  test(`the tracker with follow-ups has no overflow and no serious accessibility problems at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const tag = tagFor("a11y");
    const [a = "", b = ""] = await seedLeads(tag, 2);
    await setFollowUp(a, addDays(today(), -3));
    await setFollowUp(b, today());
    await open(page, "/admin/leads");
    await expect(section(page, "Due").getByRole("article").first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
