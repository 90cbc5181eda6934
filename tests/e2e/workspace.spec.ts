import { expect, type Page, test } from "@playwright/test";
import { createOwner, owner } from "./accounts.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import {
  historyOf,
  holdDatabaseSnapshot,
  saveAsSomeoneElse,
  seedLeads,
  seedSpam,
  signInOwner,
} from "./leads-data.ts";

// The dense, keyboard-driven lead workspace (ADR 013). Each test seeds leads under its own
// tag and searches for it, so tests running in parallel never see each other's leads.

test.beforeAll(() => createOwner());

const tagFor = (name: string) =>
  `${name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openTracker(page: Page, query: string) {
  await signInOwner(page);
  await gotoHydrated(page, `/admin/leads?${query}`);
  await expect(page.getByRole("heading", { level: 2, name: /New Leads/ })).toBeVisible();
}

const section = (page: Page, name: "New Leads" | "Follow Up With") =>
  page.getByRole("region", { name: new RegExp(`^${name}`) });
const lead = (page: Page, name: string) => page.getByRole("article", { name });
const rowButton = (page: Page, name: string) =>
  lead(page, name).getByRole("button", { name: new RegExp(`^${name}`) });
const details = (page: Page) => page.locator("[data-lead-details]");

test.describe("at 1440 × 900", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a workspace of its own: dense rows, at least ten in view, the details beside them", async ({
    page,
  }) => {
    const tag = tagFor("dense");
    await seedLeads(tag, 14);
    await openTracker(page, `q=${tag}`);
    // The admin's shell, not the marketing site's.
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const name of ["Overview", "Leads", "Spam"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);

    const rows = section(page, "New Leads").getByRole("article");
    await expect(rows).toHaveCount(14);
    const boxes = await rows.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().bottom),
    );
    expect(boxes.filter((bottom) => bottom <= 900).length).toBeGreaterThanOrEqual(10);
    // The newest lead's details are open beside the list, and its row keeps both labelled selects.
    const newest = `${tag}013 Baker`;
    await expect(details(page).getByRole("heading", { name: newest })).toBeVisible();
    await expect(details(page)).toContainText(`Lead 13 from the ${tag} batch`);
    await expect(lead(page, newest).getByLabel("Communication status")).toHaveValue("UNREAD");
    await expect(lead(page, newest).getByLabel("Lead status")).toHaveValue("WARM");
    const pane = await details(page).boundingBox();
    const list = await rows.first().boundingBox();
    expect(pane && list && pane.x >= list.x + list.width).toBe(true);

    // Opening another lead shows its details instead.
    const other = `${tag}005 Baker`;
    await rowButton(page, other).click();
    await expect(details(page).getByRole("heading", { name: other })).toBeFocused();
    await expect(details(page)).toContainText(`Lead 5 from the ${tag} batch`);
    await expect(page.locator("[data-lead-details]")).toHaveCount(1);
  });

  test("no overflow and no serious accessibility problems, with a lead open and leads picked", async ({
    page,
  }) => {
    const tag = tagFor("axe");
    await seedLeads(tag, 4);
    await openTracker(page, `q=${tag}`);
    await lead(page, `${tag}001 Baker`).getByRole("checkbox").click();
    await expect(page.getByRole("heading", { name: "1 lead selected" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1440,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test("every shortcut: j, k, arrows, Enter, Escape, /, e, x and ?, and none while typing", async ({
  page,
}) => {
  const tag = tagFor("keys");
  await seedLeads(tag, 3);
  await openTracker(page, `q=${tag}`);
  const [a, b, c] = [`${tag}002 Baker`, `${tag}001 Baker`, `${tag}000 Baker`];

  await page.keyboard.press("j");
  await expect(rowButton(page, a)).toBeFocused();
  await page.keyboard.press("j");
  await expect(rowButton(page, b)).toBeFocused();
  await expect(details(page).getByRole("heading", { name: b })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(rowButton(page, c)).toBeFocused();
  await page.keyboard.press("k");
  await expect(rowButton(page, b)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(rowButton(page, a)).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(details(page).getByRole("heading", { name: a })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(rowButton(page, a)).toBeFocused();

  await page.keyboard.press("e");
  await expect(lead(page, a).getByLabel("Notes", { exact: true })).toBeFocused();
  // Typing in a field is typing: j, x and / are letters there.
  await page.keyboard.type("jx/");
  await expect(lead(page, a).getByLabel("Notes", { exact: true })).toHaveValue("jx/");
  await expect(lead(page, a).getByLabel("Notes", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(rowButton(page, a)).toBeFocused();

  await page.keyboard.press("x");
  await expect(lead(page, a).getByRole("checkbox", { name: `Select ${a}` })).toBeChecked();
  await expect(page.getByRole("heading", { name: "1 lead selected" })).toBeVisible();
  await page.keyboard.press("x");
  await expect(lead(page, a).getByRole("checkbox", { name: `Select ${a}` })).not.toBeChecked();

  await page.keyboard.press("/");
  await expect(page.getByLabel("Search leads")).toBeFocused();
  // Out of the field again (a click on the page's title).
  await page.getByRole("heading", { level: 1, name: "Leads" }).click();

  // A checkbox takes no typing: shortcuts work from it.
  await lead(page, b).getByRole("checkbox").focus();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  for (const does of ["Next lead", "Previous lead", "Search leads", "Show these shortcuts"])
    await expect(help).toContainText(does);
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(lead(page, b).getByRole("checkbox")).toBeFocused();
});

test("a status chosen with the arrow keys is one save and one history entry", async ({ page }) => {
  const tag = tagFor("arrow");
  const [id = ""] = await seedLeads(tag, 1);
  const updates: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/leads/update/")) updates.push(request.url());
  });
  await openTracker(page, `q=${tag}`);
  const select = lead(page, `${tag}000 Baker`).getByLabel("Communication status");
  await select.focus();
  // UNREAD → REPLIED → CONVERSING, a key at a time.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("CONVERSING");
  const moved = section(page, "Follow Up With").getByRole("article", { name: `${tag}000 Baker` });
  await expect(moved.getByText("Saved changes!")).toBeVisible();
  // The owner stays in New Leads, now empty: on its heading, not in a select elsewhere.
  await expect(page.getByRole("heading", { level: 2, name: "New Leads 0" })).toBeFocused();
  // A second save would follow the first at once (the keys settled, the select left): none did.
  await page.waitForLoadState("networkidle");
  expect(updates).toHaveLength(1);
  expect(await historyOf(id, "CommStatus")).toEqual([
    { from_value: "UNREAD", to_value: "CONVERSING" },
  ]);
});

test("bulk updates: checkboxes, Shift-click ranges and select all, in one request", async ({
  page,
}) => {
  const tag = tagFor("bulk");
  const ids = await seedLeads(tag, 5);
  await openTracker(page, `q=${tag}`);
  const check = (n: number) =>
    lead(page, `${tag}00${n} Baker`).getByRole("checkbox", { name: `Select ${tag}00${n} Baker` });
  // Newest first: 4 3 2 1 0. From 1, Shift-click 3: 1, 2 and 3.
  await check(1).click();
  await check(3).click({ modifiers: ["Shift"] });
  for (const n of [1, 2, 3]) await expect(check(n)).toBeChecked();
  for (const n of [0, 4]) await expect(check(n)).not.toBeChecked();
  const bar = page.getByRole("region", { name: "3 leads selected" });
  await expect(bar).toBeVisible();

  const bulkRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/leads/")) bulkRequests.push(request.url());
  });
  await bar.getByLabel("Set communication").selectOption("REPLIED");
  await bar.getByLabel("Set lead temperature").selectOption("HOT");
  await bar.getByRole("button", { name: "Apply to 3 leads" }).click();
  await expect(page.getByText("Saved changes to 3 leads!")).toBeVisible();
  // The bar is gone; focus is on a lead that changed, not lost.
  await expect(page.locator(":focus")).toHaveAttribute("data-lead-nav");
  expect(bulkRequests.filter((url) => url.endsWith("/api/leads/bulk-update"))).toHaveLength(1);
  await expect(section(page, "Follow Up With").getByRole("article")).toHaveCount(3);
  await expect(section(page, "New Leads").getByRole("article")).toHaveCount(2);
  for (const n of [1, 2, 3]) {
    const moved = section(page, "Follow Up With").getByRole("article", {
      name: `${tag}00${n} Baker`,
    });
    await expect(moved.getByLabel("Communication status")).toHaveValue("REPLIED");
    await expect(moved.getByLabel("Lead status")).toHaveValue("HOT");
  }

  // Select all in New Leads; one of them changed by someone else meanwhile.
  await saveAsSomeoneElse(ids[4] ?? "", { LeadStatus: "COLD" });
  await section(page, "New Leads")
    .getByRole("checkbox", { name: /^Select all 2 shown/ })
    .check();
  const two = page.getByRole("region", { name: "2 leads selected" });
  await two.getByLabel("Set lead temperature").selectOption("HOT");
  await two.getByRole("button", { name: "Apply to 2 leads" }).click();
  await expect(
    page.getByText(/Saved changes to 1 of 2 leads\. One was changed by someone else/),
  ).toBeVisible();
  await expect(lead(page, `${tag}004 Baker`).getByLabel("Lead status")).toHaveValue("COLD");
  await expect(lead(page, `${tag}000 Baker`).getByLabel("Lead status")).toHaveValue("HOT");
  // The one left as it was stays picked, to look at again.
  await expect(page.getByRole("region", { name: "1 lead selected" })).toBeVisible();
  await page.getByRole("button", { name: "Clear selection" }).click();
  await expect(page.getByRole("region", { name: /selected$/ })).toHaveCount(0);
});

test("Active only hides finished conversations and decided leads from Follow Up With", async ({
  page,
}) => {
  const tag = tagFor("active");
  const [dead = "", live = ""] = await seedLeads(tag, 2);
  await saveAsSomeoneElse(dead, { CommStatus: "DEAD" });
  await saveAsSomeoneElse(live, { CommStatus: "REPLIED" });
  await openTracker(page, `q=${tag}`);
  const followUp = section(page, "Follow Up With");
  await expect(followUp.getByRole("article")).toHaveCount(2);
  await followUp.getByRole("checkbox", { name: /^Active only/ }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}&active=1$`));
  await expect(followUp.getByRole("article")).toHaveCount(1);
  await expect(followUp.getByRole("article")).toHaveAccessibleName(`${tag}001 Baker`);
});

test("a session that ends mid-work asks to sign in in place, keeps the notes, and saves them", async ({
  page,
}) => {
  const tag = tagFor("expired");
  await seedLeads(tag, 1);
  await openTracker(page, `q=${tag}`);
  const name = `${tag}000 Baker`;
  // The session ends: both tokens are refused from now on.
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem("user") ?? "{}");
    localStorage.setItem(
      "user",
      JSON.stringify({ ...user, accessToken: "expired.token.x", refreshToken: "revoked" }),
    );
  });
  const notes = lead(page, name).getByLabel("Notes", { exact: true });
  await notes.fill("Wants the shop live before spring.");
  await lead(page, name).getByRole("button", { name: "Submit" }).click();
  const dialog = page.getByRole("dialog", { name: "Your session has ended" });
  await expect(dialog).toBeVisible();
  // Escape, even twice, does not leave the saves stranded: the prompt stays.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await expect(notes).toHaveValue("Wants the shop live before spring.");
  await expect(dialog.getByLabel("Email")).toHaveValue(owner.email);
  await dialog.getByLabel("Password").fill(owner.password);
  await dialog.getByRole("button", { name: "Sign in and save" }).click();
  await expect(dialog).toBeHidden();
  await expect(lead(page, name).getByText("Saved changes!")).toBeVisible();
  await expect(notes).toBeFocused();
  await page.reload();
  await expect(lead(page, name).getByLabel("Notes", { exact: true })).toHaveValue(
    "Wants the shop live before spring.",
  );
});

test("a search pause costs one request per list shown, and no session, admin or settings check", async ({
  page,
}) => {
  const tag = tagFor("pause");
  await seedLeads(tag, 3);
  await openTracker(page, "");
  const calls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) calls.push(`${request.method()} ${pathname}`);
  });
  await page.getByLabel("Search leads").fill(tag);
  await expect(lead(page, `${tag}000 Baker`)).toBeVisible();
  await expect(section(page, "New Leads").getByRole("article")).toHaveCount(3);
  // Alone on the server, the page showed these three before the search: wait for its answer.
  // The lead that opens asks for its own calls, conversation, reply templates and possible
  // duplicates: the lead's cost, not the search's.
  const leadsOwn = /^GET \/api\/(meetings|templates|leads\/[0-9a-f-]{36}\/(messages|duplicates))$/;
  const listCalls = () => calls.filter((call) => !leadsOwn.test(call));
  await expect
    .poll(() => listCalls().filter((call) => call.startsWith("GET /api/leads/")).length)
    .toBe(2);
  await page.waitForLoadState("networkidle");
  // Searched: the Due strip is not shown, so two lists, two requests. (The live updates ask
  // their first question a while later, from when the lists were read.)
  expect(listCalls().sort()).toEqual(["GET /api/leads/new", "GET /api/leads/old"]);
});

test("erase asks first, naming the person, then removes the lead for good", async ({ page }) => {
  const tag = tagFor("erase");
  await seedLeads(tag, 2);
  await openTracker(page, `q=${tag}`);
  const name = `${tag}000 Baker`;
  await rowButton(page, name).click();
  await details(page).getByRole("button", { name: "Erase lead…" }).click();
  const dialog = page.getByRole("dialog", { name: `Erase ${name}'s lead?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${tag}.0@bakery.example`);
  // Keeping it changes nothing.
  await dialog.getByRole("button", { name: "Keep the lead" }).click();
  await expect(dialog).toBeHidden();
  await expect(details(page).getByRole("button", { name: "Erase lead…" })).toBeFocused();
  await details(page).getByRole("button", { name: "Erase lead…" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: `Erase ${name}` })
    .click();
  await expect(lead(page, name)).toHaveCount(0);
  // Another test holding the database file for a moment may put off its removal from disk.
  await expect(
    page.getByText(
      new RegExp(
        `^${name} was erased, with its notes and history(; removal from disk pending)?\\.$`,
      ),
    ),
  ).toBeVisible();
  await page.reload();
  await expect(section(page, "New Leads").getByRole("article")).toHaveCount(1);
});

test("an erasure held up by a reader of the database says its removal from disk is pending, until it is done", async ({
  page,
}) => {
  const tag = tagFor("held");
  await seedLeads(tag, 1);
  await openTracker(page, `q=${tag}`);
  const name = `${tag}000 Baker`;
  // A backup, or a sqlite3 session, reading the file: a snapshot older than the erasure.
  const reader = holdDatabaseSnapshot();
  try {
    await rowButton(page, name).click();
    await details(page).getByRole("button", { name: "Erase lead…" }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: `Erase ${name}` })
      .click();
    await expect(
      page.getByText(`${name} was erased, with its notes and history; removal from disk pending.`),
    ).toBeVisible();
    await page.goto("/admin");
    await expect(
      page.getByRole("status").filter({ hasText: "removal from disk pending" }),
    ).toContainText(/leads? erased; removal from disk pending\./);
  } finally {
    reader.release();
  }
  // The server finishes on its own once the reader lets go.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { name: "Welcome back." })).toBeVisible();
    await expect(page.getByText("removal from disk pending")).toHaveCount(0);
  }).toPass({ timeout: 20_000 });
});

test("spam: marked from the tracker, reviewed with its reason, and brought back with Not spam", async ({
  page,
}) => {
  const tag = tagFor("spam");
  await seedLeads(tag, 1);
  await seedSpam(tag);
  await openTracker(page, `q=${tag}`);
  const name = `${tag}000 Baker`;
  await details(page).getByRole("button", { name: "Mark as spam" }).click();
  await expect(lead(page, name)).toHaveCount(0);
  // Said where the owner is, with Undo (a fresh lead moves without a question).
  const notice = page.locator("[data-notice]");
  await expect(notice).toContainText(`${name} moved to Spam.`);
  await notice.getByRole("button", { name: "Undo" }).click();
  await expect(notice).toContainText(`${name} is back in New Leads.`);
  await expect(lead(page, name)).toBeVisible();
  await details(page).getByRole("button", { name: "Mark as spam" }).click();
  await expect(lead(page, name)).toHaveCount(0);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Spam" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Spam/ })).toBeVisible();
  const marked = page.getByRole("article", { name });
  await expect(marked).toContainText("Marked as spam in the tracker");
  const bot = page.getByRole("article", { name: `${tag}Bot Seo` });
  await expect(bot).toContainText("Filled in the hidden field that only bots see");
  expect(await seriousViolations(page)).toEqual([]);

  await marked.getByRole("button", { name: "Not spam" }).click();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  await expect(page.getByText(`${name} is in New Leads now.`, { exact: false })).toBeVisible();
  // Focus moves on to the next one in the list (whichever it is: other tests keep spam too).
  await expect(page.locator(":focus")).toHaveText("Not spam");

  await gotoHydrated(page, `/admin/leads?q=${tag}`);
  await expect(section(page, "New Leads").getByRole("article", { name })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("leads are compact rows whose details open in place, with no overflow or serious problems", async ({
    page,
  }) => {
    const tag = tagFor("phone");
    await seedLeads(tag, 2);
    await openTracker(page, `q=${tag}`);
    const row = lead(page, `${tag}001 Baker`);
    // A row: name, statuses and the message's first line, one button, about 60 px tall.
    const open = row.getByRole("button", { name: new RegExp(`^${tag}001 Baker`) });
    await expect(open).toContainText("Unread · Warm");
    expect((await row.boundingBox())?.height).toBeLessThan(90);
    await expect(page.locator("[data-lead-details]")).toHaveCount(0);
    await open.click();
    await expect(open).toHaveAttribute("aria-expanded", "true");
    await expect(row.getByLabel("Communication status")).toBeVisible();
    await expect(row.getByLabel("Notes", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Close ${tag}001 Baker` }).click();
    await expect(page.locator("[data-lead-details]")).toHaveCount(0);
    await expect(open).toBeFocused();
    await row.getByRole("checkbox").check();
    await expect(page.getByRole("heading", { name: "1 lead selected" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await gotoHydrated(page, "/admin/spam");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce", viewport: { width: 1280, height: 800 } });

  test("the details pane appears without sliding", async ({ page }) => {
    const tag = tagFor("still");
    await seedLeads(tag, 1);
    await openTracker(page, `q=${tag}`);
    await expect(details(page)).toBeVisible();
    expect(await details(page).evaluate((element) => getComputedStyle(element).animationName)).toBe(
      "none",
    );
  });
});
