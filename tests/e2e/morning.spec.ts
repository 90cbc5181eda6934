import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";
import { showTab } from "./visibility.ts";

/**
 * The owner's morning (docs/tracker.md), on a tracker of 200 demo leads of its own: reply, a due
 * follow-up, notes, a bulk clean-up, at a desk and on a phone. After each step the page has
 * not scrolled away and focus is on a lead of the list being worked, where j, k, Enter and e
 * keep working. Serial: one server, one morning.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(test.info().workerIndex);
  server.seedDemo(200);
});
test.afterAll(async () => server?.stop());

const section = (page: Page, name: string) =>
  page.getByRole("region", { name: new RegExp(`^${name}`) });
const rows = (page: Page, name: string) => section(page, name).getByRole("article");
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** The lead (its row's article) focus is in, and the list it is in. */
const focusedLead = (page: Page) =>
  page.evaluate(() => {
    const article = document.activeElement?.closest<HTMLElement>("[data-lead-id]");
    return article
      ? {
          id: article.dataset.leadId,
          list: article.dataset.listKey,
          nav: "leadNav" in (document.activeElement as HTMLElement).dataset,
        }
      : null;
  });
const idOf = (row: Locator) => row.getAttribute("data-lead-id");

/** "Reply by email" without the mail program (not ours to open in a test), then Mark as replied. */
async function reply(scope: Locator) {
  const link = scope.getByRole("link", { name: "Reply by email" });
  await link.evaluate((a) => a.addEventListener("click", (event) => event.preventDefault()));
  await link.click();
  await scope.getByRole("button", { name: "Mark as replied" }).click();
}

async function openTracker(page: Page) {
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/leads`);
  await expect(rows(page, "New Leads").first()).toBeVisible();
}

test("at a desk: reply, due, notes and a bulk clean-up, never leaving the list being worked", async ({
  page,
}) => {
  // A whole morning's work in one test: on the two-core CI runner it passes a minute.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTracker(page);

  // Real counts in the headings, not "50+".
  const followUpHeading = section(page, "Follow Up With").getByRole("heading", { level: 2 });
  await expect(followUpHeading).toHaveText(/^Follow Up With \d+$/);
  const followUpCount = Number((await followUpHeading.textContent())?.split(" ").at(-1));
  expect(followUpCount).toBeGreaterThan(await rows(page, "Follow Up With").count());

  // 1. Reply to the first new lead, from its details.
  const firstNew = rows(page, "New Leads").first();
  const secondId = await idOf(rows(page, "New Leads").nth(1));
  await firstNew.getByRole("button").first().click();
  await firstNew.getByRole("button").first().scrollIntoViewIfNeeded();
  const name = (await page.locator("[data-lead-details] h3").textContent())?.trim() ?? "";
  const y = await scrollY(page);
  await reply(page.locator("[data-lead-details]"));
  const notice = page.locator("[data-notice]");
  await expect(notice).toContainText(`${name} moved to Follow Up With.`);
  expect(await scrollY(page)).toBe(y);
  expect(await focusedLead(page)).toEqual({ id: secondId, list: "fresh", nav: true });
  // The next new lead is open in the pane.
  await expect(page.locator("[data-lead-details] h3")).not.toHaveText(name);
  await expect(followUpHeading).toHaveText(`Follow Up With ${followUpCount + 1}`);

  // 2. Notes on the lead now open: e, type, Submit, and back on its row.
  await page.keyboard.press("e");
  const notes = page.locator("[data-lead-details]").getByLabel("Notes", { exact: true });
  await expect(notes).toBeFocused();
  await page.keyboard.type("Called, wants a quote for a booking site.");
  await page.locator("[data-lead-details]").getByRole("button", { name: "Submit" }).click();
  await expect(page.locator("[data-lead-details]").getByText("Saved changes!")).toBeVisible();
  expect(await focusedLead(page)).toEqual({ id: secondId, list: "fresh", nav: true });
  expect(await scrollY(page)).toBe(y);
  // j moves on from there; a shortcut never typed into the notes.
  await page.keyboard.press("j");
  expect((await focusedLead(page))?.id).not.toBe(secondId);
  await expect(notes).not.toBeFocused();

  // 3. A due follow-up moved to tomorrow leaves Due; the owner stays in Due.
  const due = rows(page, "Due");
  const dueCount = await due.count();
  expect(dueCount).toBeGreaterThan(1);
  const firstDue = due.first();
  const nextDueId = await idOf(due.nth(1));
  await firstDue.getByRole("button").first().click();
  await firstDue.getByRole("button").first().scrollIntoViewIfNeeded();
  const dueY = await scrollY(page);
  await page
    .locator("[data-lead-details]")
    .getByRole("button", { name: /^Tomorrow/ })
    .click();
  await expect(notice).toContainText("moved to");
  expect(await focusedLead(page)).toEqual({ id: nextDueId, list: "due", nav: true });
  expect(await scrollY(page)).toBe(dueY);
  await expect(due).toHaveCount(dueCount - 1);

  // 4. Two junk leads to Spam in one go, then Undo; the bar is one line and covers no row.
  const picks = rows(page, "New Leads");
  const junk = [await idOf(picks.nth(1)), await idOf(picks.nth(2))];
  await picks.nth(1).getByRole("checkbox").check();
  await picks.nth(2).getByRole("checkbox").check();
  const bar = page.getByRole("region", { name: "2 leads selected" });
  const barBox = await bar.boundingBox();
  expect(barBox?.height).toBeLessThan(64);
  for (const n of [1, 2]) {
    const box = await picks.nth(n).boundingBox();
    if (!box || !barBox) throw new Error("no box");
    expect(box.y >= barBox.y + barBox.height || box.y + box.height <= barBox.y).toBe(true);
  }
  await bar.getByRole("button", { name: "Mark as spam" }).click();
  await expect(notice).toContainText("2 leads moved to Spam.");
  for (const id of junk) await expect(page.locator(`[data-lead-id="${id}"]`)).toHaveCount(0);
  await notice.getByRole("button", { name: "Undo" }).click();
  for (const id of junk)
    await expect(page.locator(`[data-list-key="fresh"][data-lead-id="${id}"]`)).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test("on a phone: compact rows, the lists a tap apart, 44 px targets, and the queue kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTracker(page);

  // The first screen shows leads; each a compact row.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(8000);
  const first = page.locator("[data-lead-id]").first();
  expect((await first.boundingBox())?.y).toBeLessThan(844);
  expect((await first.boundingBox())?.height).toBeLessThan(90);

  // New, Due and Follow Up With, one tap each.
  const lists = page.getByRole("navigation", { name: "Lists" });
  await lists.getByRole("link", { name: /^New/ }).click();
  const heading = section(page, "New Leads").getByRole("heading", { level: 2 });
  await expect(heading).toBeFocused();
  const headingTop = (await heading.boundingBox())?.y ?? -1;
  expect(headingTop).toBeGreaterThanOrEqual(0);
  expect(headingTop).toBeLessThan(300);

  // Open a new lead in place, reply: the owner stays in New Leads, on the next one.
  const row = rows(page, "New Leads").first();
  const nextId = await idOf(rows(page, "New Leads").nth(1));
  await row.getByRole("button").first().click();
  await expect(page.locator("[data-lead-details]")).toHaveCount(1);
  await assertTapTargets(page);
  const y = await scrollY(page);
  await reply(page.locator("[data-lead-details]"));
  await expect(page.locator("[data-notice]")).toContainText("moved to Follow Up With.");
  expect(await focusedLead(page)).toEqual({ id: nextId, list: "fresh", nav: true });
  expect(Math.abs((await scrollY(page)) - y)).toBeLessThan(844);
  await expect(page.locator("[data-lead-details]")).toHaveCount(0);

  // The bulk bar takes a fifth of the screen at most.
  await rows(page, "New Leads").nth(0).getByRole("checkbox").check();
  const bar = await page.getByRole("region", { name: "1 lead selected" }).boundingBox();
  expect(bar?.height).toBeLessThanOrEqual(844 / 5);
  await assertTapTargets(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a lead sent while the page is open appears within 30 seconds, without moving the page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTracker(page);
  const heading = section(page, "New Leads").getByRole("heading", { level: 2 });
  const count = Number((await heading.textContent())?.split(" ").at(-1));
  // The owner is reading further down.
  const reading = rows(page, "Follow Up With").nth(5);
  await reading.scrollIntoViewIfNeeded();
  const top = (await reading.boundingBox())?.y;

  const sent = await page.request.post(`${server.origin}/api/leads/contact-us`, {
    data: {
      email: "ines.alvarez@florist.example",
      firstName: "Ines",
      lastName: "Alvarez",
      message: "We need a site for the flower shop, with same-day delivery orders.",
    },
  });
  expect(sent.status()).toBe(201);
  const arrived = section(page, "New Leads").getByRole("article", { name: "Ines Alvarez" });
  await expect(arrived).toHaveCount(1, { timeout: 30_000 });
  await expect(heading).toHaveText(`New Leads ${count + 1}`);
  await expect(page.getByText("1 new lead arrived.")).toBeAttached();
  // What the owner was reading has not moved.
  expect((await reading.boundingBox())?.y).toBeCloseTo(top ?? 0, 0);
});

/** Every control shown in the tracker is at least 44 px tall (WCAG 2.5.5). */
async function assertTapTargets(page: Page) {
  const small = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        "main a, main button, main select, main input, main textarea, main summary",
      ),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
      })
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map(
        (element) =>
          `${element.tagName} ${element.textContent?.trim().slice(0, 30) || element.getAttribute("aria-label")} ${Math.round(element.getBoundingClientRect().height)}`,
      ),
  );
  expect(small).toEqual([]);
}

test("a worked lead sent to Spam by mistake comes back as it was, statuses, notes, date and history", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTracker(page);
  // A worked lead with notes and a follow-up: the kind a mis-click must not cost.
  const id = await rows(page, "Follow Up With")
    .filter({ has: page.locator("[data-follow-up]") })
    .first()
    .getAttribute("data-lead-id");
  const worked = page.locator(`[data-list-key="old"][data-lead-id="${id}"]`);
  await worked.getByRole("button").first().click();
  const pane = page.locator("[data-lead-details]");
  const name = (await pane.locator("h3").textContent())?.trim() ?? "";
  await pane.getByLabel("Notes", { exact: true }).fill("Quote sent; call back about hosting.");
  await pane.getByRole("button", { name: "Submit" }).click();
  await expect(pane.getByText("Saved changes!")).toBeVisible();
  const before = {
    comm: await worked.getByLabel("Communication status").inputValue(),
    lead: await worked.getByLabel("Lead status").inputValue(),
    date: await pane.getByLabel("Next follow-up").inputValue(),
  };
  await pane.locator("summary", { hasText: "History" }).click();
  // The history is fetched when it opens: read it once it is there.
  await expect(pane.locator("details ol li").first()).toBeVisible();
  const history = await pane.locator("details ol li").allTextContents();
  expect(history.length).toBeGreaterThan(0);

  // Asked first, naming the person; Keep the lead changes nothing.
  await pane.getByRole("button", { name: "Mark as spam" }).click();
  const dialog = page.getByRole("dialog", { name: `Move ${name} to Spam?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: `Move ${name} to Spam` }).click();
  await expect(page.locator("[data-notice]")).toContainText(`${name} moved to Spam.`);

  // Brought back from the Spam view, not by Undo: the harder way round.
  await page.goto(`${server.origin}/admin/spam`);
  await page.getByRole("article", { name }).getByRole("button", { name: "Not spam" }).click();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  await page.goto(`${server.origin}/admin/leads?q=${encodeURIComponent(name)}`);
  const back = section(page, "Follow Up With").getByRole("article", { name });
  await back.getByRole("button").first().click();
  await expect(back.getByLabel("Communication status")).toHaveValue(before.comm);
  await expect(back.getByLabel("Lead status")).toHaveValue(before.lead);
  const again = page.locator("[data-lead-details]");
  await expect(again.getByLabel("Notes", { exact: true })).toHaveValue(
    "Quote sent; call back about hosting.",
  );
  await expect(again.getByLabel("Next follow-up")).toHaveValue(before.date);
  await again.locator("summary", { hasText: "History" }).click();
  await expect(again.locator("details ol li")).toHaveCount(history.length);
  expect(await again.locator("details ol li").allTextContents()).toEqual(history);
});

test("the live updates ask every 15 seconds while the tab is shown, and never while hidden", async ({
  page,
}) => {
  let asked = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/leads/changes") asked++;
  });
  await page.clock.install();
  await openTracker(page);
  await page.clock.runFor(15_000);
  await expect.poll(() => asked).toBe(1);
  await showTab(page, "hidden");
  await page.clock.runFor(60_000);
  expect(asked).toBe(1);
  // Shown again: it asks at once.
  await showTab(page, "visible");
  await expect.poll(() => asked).toBe(2);
});

test("the e-mail's link opens its lead, even one far past the first page", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const session = await server.signIn(page);
  const old = await page.request.get(`${server.origin}/api/leads/old?limit=200`, {
    headers: { "x-access-token": session.accessToken },
  });
  const far = (await old.json())[150];
  const name = `${far.FirstName} ${far.LastName}`;
  await page.goto(`${server.origin}/admin/leads?lead=${far.ID}`);
  const row = page.locator(`[data-list-key="old"][data-lead-id="${far.ID}"]`);
  // The admin app loads, then its lists, then this lead on its own: three round trips before
  // the row exists, which on a busy two-core runner take longer than one expectation's wait.
  await expect(row.getByRole("button", { name: new RegExp(`^${name}`) })).toBeFocused({
    timeout: 20_000,
  });
  await expect(page.locator("[data-lead-details] h3")).toHaveText(name);
  await expect(row).toBeInViewport();
});
