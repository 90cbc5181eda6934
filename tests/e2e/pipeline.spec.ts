import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * The pipeline board, the insights and the visit beacon (docs/insights.md), on a server of their own
 * with 200 demo leads and 12 weeks of demo visits: cards moved by mouse and by keyboard at a
 * desk and on a phone, the insights' presets, and page views counted once per page shown.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
let token = "";
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  server = await startPrivateServer(test.info().workerIndex);
  server.seedDemo(200);
  const page = await browser.newPage();
  token = (await server.signIn(page)).accessToken;
  await page.close();
});
test.afterAll(async () => server?.stop());

const api = async (page: Page, path: string) =>
  (
    await page.request.get(`${server.origin}${path}`, { headers: { "x-access-token": token } })
  ).json();
const column = (page: Page, title: string) =>
  page
    .locator("[data-board] section")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${title}`) }) });
const noOverflow = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );

async function openBoard(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/pipeline`);
  await expect(column(page, "Warm").getByRole("button").first()).toBeVisible();
}

/** Keyboard only: Tab until `target` has focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`never reached ${target}`);
}

test("a card dragged by mouse to another column is saved there, with its count and total", async ({
  page,
}) => {
  await openBoard(page, 1440, 900);
  const warm = column(page, "Warm");
  const card = warm.getByRole("button").first();
  const id = await card.getAttribute("data-card-id");
  const before = (await api(page, "/api/pipeline")).columns;
  const hot = column(page, "Hot");
  const from = await card.boundingBox();
  const to = await hot.boundingBox();
  if (!from || !to) throw new Error("no layout");
  await page.mouse.move(from.x + 20, from.y + 15);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 200, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText(/^Saved changes!/)).toBeVisible();
  await expect(hot.locator(`[data-card-id="${id}"]`)).toBeVisible();
  const after = (await api(page, "/api/pipeline")).columns;
  expect(after[0].count).toBe(before[0].count + 1);
  expect(after[1].count).toBe(before[1].count - 1);
  const lead = await api(page, `/api/leads/${id}`);
  expect(lead.LeadStatus).toBe("HOT");
  const history = await api(page, `/api/leads/${id}/history`);
  expect(history[0]).toMatchObject({ Field: "LeadStatus", From: "WARM", To: "HOT" });
  await noOverflow(page, 1440);
  expect(await seriousViolations(page)).toEqual([]);
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`a card moves by keyboard, announced, at ${width} px`, async ({ page }) => {
    await openBoard(page, width, height);
    const card = column(page, "Cold").getByRole("button").first();
    const id = await card.getAttribute("data-card-id");
    // The Columns links take the keyboard to a column past the others' cards.
    const jump = page
      .getByRole("navigation", { name: "Columns" })
      .getByRole("link", { name: /^Cold/ });
    await tabTo(page, jump);
    await page.keyboard.press("Enter");
    await tabTo(page, card);
    await page.keyboard.press("Space");
    await expect(page.getByText(/^Picked up .+, in Cold\./)).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText(/ is over Won\.$/)).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText(/^Saved changes! .+ is in Won\./)).toBeVisible();
    const lead = await api(page, `/api/leads/${id}`);
    expect(lead).toMatchObject({ LeadStatus: "CONVERTED", ClosedAt: expect.any(String) });
    await expect(column(page, "Won").locator(`[data-card-id="${id}"]`)).toBeAttached();
    await noOverflow(page, width);
    // From the top: axe counts a link the sticky header half covers as too small a target.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`insights: presets, the chart's numbers and the tables at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await server.signIn(page);
    await page.goto(`${server.origin}/admin/insights`);
    const range = page.getByRole("navigation", { name: "Range" });
    await expect(range.getByRole("link", { name: "Last 30 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { name: "Entry pages" })).toBeVisible();
    await range.getByRole("link", { name: "Last 7 days" }).click();
    await expect(range.getByRole("link", { name: "Last 7 days" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("button", { name: "Show the numbers" }).click();
    await expect(
      page.getByRole("table", { name: "Visitors, page views and leads per day" }).getByRole("row"),
    ).toHaveCount(8);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV of Sources" }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^sources-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    await noOverflow(page, width);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a page view is counted once when a page is shown, never for a page only prerendered", async ({
  page,
}) => {
  const views = async (path: string) =>
    ((await api(page, "/api/insights")).pages as Array<{ path: string; pageviews: number }>).find(
      (p) => p.path === path,
    )?.pageviews ?? 0;
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/visits")) beacons.push(request.url());
  });
  const aboutBefore = await views("/about");
  const homeBefore = await views("/");
  await page.goto(`${server.origin}/`);
  await expect.poll(() => beacons.length).toBe(1);
  await expect.poll(() => views("/")).toBe(homeBefore + 1);
  // The browser prerenders /about on speculation: no view until it is shown.
  await page.evaluate(() => {
    const rules = document.createElement("script");
    rules.type = "speculationrules";
    rules.textContent = JSON.stringify({ prerender: [{ source: "list", urls: ["/about"] }] });
    document.head.append(rules);
  });
  await page.waitForTimeout(2_000);
  expect(await views("/about")).toBe(aboutBefore);
  // Shown: counted, once.
  await page.goto(`${server.origin}/about`);
  await expect.poll(() => views("/about")).toBe(aboutBefore + 1);
  await page.waitForTimeout(1_000);
  expect(await views("/about")).toBe(aboutBefore + 1);
  // No cookie, no storage identifier: the page's only storage is the visit's landing page.
  expect(await page.context().cookies()).toEqual([]);
});
