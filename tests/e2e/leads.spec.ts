import { expect, type Page, test } from "@playwright/test";
import { createOwner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { saveAsSomeoneElse, seedLeads, seedRawLead, signInOwner } from "./leads-data.ts";

// Each test seeds leads under its own tag and searches for it, so tests running in parallel
// never see each other's leads.

test.beforeAll(() => createOwner());

const tagFor = (name: string) =>
  `${name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openTracker(page: Page, tag: string) {
  await signInOwner(page);
  await gotoHydrated(page, `/admin/leads?q=${tag}`);
  await expect(page.getByRole("heading", { level: 2, name: /New Leads/ })).toBeVisible();
}

const section = (page: Page, name: "New Leads" | "Follow Up With") =>
  page.getByRole("region", { name: new RegExp(`^${name}`) });
const card = (page: Page, name: string) => page.getByRole("article", { name });

test("shows both lists with each lead's details and controls, and saves nothing on display", async ({
  page,
}) => {
  const tag = tagFor("show");
  await seedLeads(tag, 2);
  const updates: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/leads/update/")) updates.push(r.url());
  });
  await openTracker(page, tag);
  const lead = card(page, `${tag}001 Baker`);
  await expect(section(page, "New Leads").getByRole("article")).toHaveCount(2);
  // Newest first.
  await expect(section(page, "New Leads").getByRole("article").first()).toHaveAccessibleName(
    `${tag}001 Baker`,
  );
  await expect(lead.getByRole("link", { name: `${tag}.1@bakery.example` })).toHaveAttribute(
    "href",
    `mailto:${tag}.1@bakery.example`,
  );
  await expect(lead.getByText(`Lead 1 from the ${tag} batch`)).toBeVisible();
  await expect(lead.getByLabel("Communication status")).toHaveValue("UNREAD");
  await expect(lead.getByLabel("Lead status")).toHaveValue("WARM");
  await expect(lead.getByLabel("Notes")).toHaveValue("");
  await expect(lead.getByRole("button", { name: "Submit" })).toBeVisible();
  await expect(section(page, "Follow Up With")).toContainText(
    "No leads to follow up match this search.",
  );
  // Everything the first display could have sent has been sent: no request for 500 ms.
  await page.waitForLoadState("networkidle");
  expect(updates).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test("a lead status change saves at once and the lead stays in New Leads", async ({ page }) => {
  const tag = tagFor("lead");
  await seedLeads(tag, 2);
  await openTracker(page, tag);
  const lead = card(page, `${tag}000 Baker`);
  await lead.getByLabel("Lead status").selectOption("HOT");
  await expect(lead.getByText("Saved changes!")).toBeVisible();
  await expect(
    section(page, "New Leads").getByRole("article", { name: `${tag}000 Baker` }),
  ).toBeVisible();
  await page.reload();
  await expect(card(page, `${tag}000 Baker`).getByLabel("Lead status")).toHaveValue("HOT");
});

test("a status change moves the lead to Follow Up With while the owner stays in New Leads", async ({
  page,
}) => {
  const tag = tagFor("move");
  await seedLeads(tag, 3);
  await openTracker(page, tag);
  const fresh = section(page, "New Leads");
  const followUp = section(page, "Follow Up With");
  const rowButton = (name: string) =>
    card(page, name).getByRole("button", { name: new RegExp(`^${name}`) });
  const scrollY = () => page.evaluate(() => window.scrollY);
  const before = await scrollY();

  const middle = card(page, `${tag}001 Baker`);
  await middle.getByLabel("Communication status").focus();
  await middle.getByLabel("Communication status").selectOption("REPLIED");
  const moved = followUp.getByRole("article", { name: `${tag}001 Baker` });
  await expect(moved.getByText("Saved changes!")).toBeVisible();
  await expect(moved.getByLabel("Communication status")).toHaveValue("REPLIED");
  await expect(fresh.getByRole("article")).toHaveCount(2);
  // The page stays where it was, on the next lead of the list being worked; the move is said.
  await expect(rowButton(`${tag}000 Baker`)).toBeFocused();
  expect(await scrollY()).toBe(before);
  const notice = page.locator("[data-notice]");
  await expect(notice).toContainText(`${tag}001 Baker moved to Follow Up With.`);
  await expect(page.getByRole("heading", { level: 2, name: "Follow Up With 1" })).toBeVisible();

  // The list's last lead: focus goes to the one before it. It joins Follow Up With on top.
  await card(page, `${tag}000 Baker`).getByLabel("Communication status").selectOption("CONVERSING");
  await expect(followUp.getByRole("article").first()).toHaveAccessibleName(`${tag}000 Baker`);
  await expect(rowButton(`${tag}002 Baker`)).toBeFocused();
  // j still works from there: it is a lead's row, not a field.
  await page.keyboard.press("j");
  await expect(page.locator(":focus")).toHaveAttribute("data-lead-nav");

  // Jump to it: the lead that left, focused where it went.
  await page.getByRole("button", { name: "Jump to it" }).click();
  await expect(
    followUp.getByRole("button", { name: new RegExp(`^${tag}000 Baker`) }),
  ).toBeFocused();

  // Back to UNREAD: back in New Leads, in its place by arrival.
  await followUp
    .getByRole("article", { name: `${tag}001 Baker` })
    .getByLabel("Communication status")
    .selectOption("UNREAD");
  await expect(fresh.getByRole("article").last()).toHaveAccessibleName(`${tag}001 Baker`);
  expect(await seriousViolations(page)).toEqual([]);
});

test("notes save with their Submit button", async ({ page }) => {
  const tag = tagFor("notes");
  await seedLeads(tag, 1);
  await openTracker(page, tag);
  const lead = card(page, `${tag}000 Baker`);
  await lead
    .getByLabel("Notes", { exact: true })
    .fill("Called Tuesday. Wants a quote for online ordering.");
  await lead.getByRole("button", { name: "Submit" }).click();
  await expect(lead.getByText("Saved changes!")).toBeVisible();
  await page.reload();
  await expect(card(page, `${tag}000 Baker`).getByLabel("Notes", { exact: true })).toHaveValue(
    "Called Tuesday. Wants a quote for online ordering.",
  );
});

test("a failed save shows the body's message in red, or the default, and restores the value", async ({
  page,
}) => {
  const tag = tagFor("fail");
  await seedLeads(tag, 1);
  await openTracker(page, tag);
  const lead = card(page, `${tag}000 Baker`);
  await page.route("**/api/leads/update/**", (route) =>
    route.fulfill({ status: 500, json: { message: "The database is busy. Try again." } }),
  );
  await lead.getByLabel("Lead status").selectOption("COLD");
  const error = lead.getByText("The database is busy. Try again.");
  await expect(error).toBeVisible();
  await expect(error).toHaveCSS("color", "rgb(180, 35, 24)");
  await expect(lead.getByLabel("Lead status")).toHaveValue("WARM");

  await page.unroute("**/api/leads/update/**");
  await page.route("**/api/leads/update/**", (route) =>
    route.fulfill({ status: 502, body: "Bad gateway" }),
  );
  await lead.getByLabel("Notes").fill("x");
  await lead.getByRole("button", { name: "Submit" }).click();
  const fallback = lead.getByText("failed to load. reason unknown");
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveCSS("color", "rgb(180, 35, 24)");
  await expect(lead.getByText("The database is busy. Try again.")).toHaveCount(0);

  // No answer at all (the network dropped): the fixed default too (docs/product.md, "Saving"),
  // not a message of our own.
  await page.unroute("**/api/leads/update/**");
  await page.route("**/api/leads/update/**", (route) => route.abort("internetdisconnected"));
  await lead.getByLabel("Communication status").selectOption("REPLIED");
  // Put back once the save has failed, with the default text beside it.
  await expect(lead.getByLabel("Communication status")).toHaveValue("UNREAD");
  await expect(lead.getByText("failed to load. reason unknown")).toBeVisible();
  await expect(lead.getByText(/couldn't reach/)).toHaveCount(0);
});

test("a lead changed by someone else is reloaded, not overwritten, and the page says so", async ({
  page,
}) => {
  const tag = tagFor("stale");
  const [id = ""] = await seedLeads(tag, 1);
  await openTracker(page, tag);
  await saveAsSomeoneElse(id, { Notes: "Partner called them first.", LeadStatus: "HOT" });
  const lead = card(page, `${tag}000 Baker`);
  await lead.getByLabel("Lead status").selectOption("COLD");
  await expect(lead.getByText(/Someone else changed this lead/)).toBeVisible();
  await expect(lead.getByLabel("Lead status")).toHaveValue("HOT");
  await expect(lead.getByLabel("Notes")).toHaveValue("Partner called them first.");
});

test("a list that fails to load shows its error text", async ({ page }) => {
  await signInOwner(page);
  await page.route("**/api/leads/old**", (route) =>
    route.fulfill({ status: 503, json: { message: "Follow-ups are unavailable right now." } }),
  );
  await gotoHydrated(page, "/admin/leads");
  await expect(section(page, "Follow Up With").getByRole("alert")).toHaveText(
    "Follow-ups are unavailable right now.",
  );
  await expect(page.getByRole("heading", { level: 2, name: /New Leads/ })).toBeVisible();
});

test("Load more fetches the next 50", async ({ page }) => {
  const tag = tagFor("more");
  await seedLeads(tag, 53);
  await openTracker(page, tag);
  const fresh = section(page, "New Leads");
  await expect(fresh.getByRole("article")).toHaveCount(50);
  await fresh.getByRole("button", { name: "Load more" }).click();
  await expect(fresh.getByRole("article")).toHaveCount(53);
  await expect(fresh.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(fresh.getByRole("article").last()).toHaveAccessibleName(`${tag}000 Baker`);
});

test("a lead's history lists each change with who made it", async ({ page }) => {
  const tag = tagFor("hist");
  await seedLeads(tag, 1);
  await openTracker(page, tag);
  const lead = card(page, `${tag}000 Baker`);
  await lead.getByLabel("Lead status").selectOption("HOT");
  await expect(lead.getByText("Saved changes!")).toBeVisible();
  await lead.getByLabel("Communication status").selectOption("REPLIED");
  const moved = section(page, "Follow Up With").getByRole("article", { name: `${tag}000 Baker` });
  await expect(moved.getByText("Saved changes!")).toBeVisible();
  await moved.getByText("History").click();
  const items = moved.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(
    "Communication status UNREAD → REPLIED by owner@e2e.fineline.studio",
  );
  await expect(items.last()).toContainText("Lead status WARM → HOT");
});

test("search and filters apply as they change, and live in the URL", async ({ page }) => {
  const tag = tagFor("find");
  await seedLeads(tag, 2);
  await signInOwner(page);
  await gotoHydrated(page, "/admin/leads");
  const search = page.getByLabel("Search leads");
  // Typed, not filled: the search waits for a pause in typing, and keeps focus throughout.
  await search.pressSequentially(`${tag}001`, { delay: 20 });
  await expect(page).toHaveURL(new RegExp(`/admin/leads\\?q=${tag}001$`));
  await expect(section(page, "New Leads").getByRole("article")).toHaveCount(1);
  await expect(search).toBeFocused();
  await page.getByLabel("Filter by lead temperature").selectOption("WARM");
  await expect(page).toHaveURL(new RegExp(`/admin/leads\\?q=${tag}001&lead=WARM$`));
  await page.getByLabel("Filter by communication").selectOption("DEAD");
  await expect(section(page, "New Leads").getByRole("article")).toHaveCount(0);
  await page.getByLabel("Filter by communication").selectOption("");
  await expect(section(page, "New Leads").getByRole("article")).toHaveCount(1);
  await page.reload();
  await expect(search).toHaveValue(`${tag}001`);
  await expect(page.getByLabel("Filter by lead temperature")).toHaveValue("WARM");
  await expect(section(page, "New Leads").getByRole("article")).toHaveCount(1);
  // Escape in the search clears it.
  await search.press("Escape");
  await expect(page).toHaveURL(/\/admin\/leads\?lead=WARM$/);
});

test("a lead's own words are shown as text, and its address cannot rewrite the reply link", async ({
  page,
}) => {
  const tag = tagFor("xss");
  const hostileEmail = "real.person%40attacker.example?bcc=spy%40evil.example&x=@x.test";
  await seedRawLead({
    firstName: `${tag}<img src=x onerror="window.__pwned=1">`,
    lastName: "<script>window.__pwned=2</script>",
    email: hostileEmail,
    message: `${tag} <svg onload="window.__pwned=3"></svg> "quotes" & ampersands`,
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openTracker(page, tag);
  const lead = section(page, "New Leads").getByRole("article").first();
  await expect(lead).toContainText(`${tag}<img src=x onerror="window.__pwned=1">`);
  await expect(lead).toContainText('<svg onload="window.__pwned=3"></svg> "quotes" & ampersands');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await lead.locator("img, svg[onload], script").count()).toBe(0);
  // The reply link opens a message to that literal address, and to no one else.
  const href = String(await lead.getByRole("link", { name: hostileEmail }).getAttribute("href"));
  const mailto = new URL(href);
  expect(mailto.search).toBe("");
  expect(decodeURIComponent(mailto.pathname)).toBe(hostileEmail);
  expect(dialogs).toEqual([]);
});
