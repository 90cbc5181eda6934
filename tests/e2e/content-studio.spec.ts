import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { type PrivateServer, startPrivateServer } from "./private-server.ts";

/**
 * The owner's path in the content studio (docs/site.md, "Publishing without a build"), on a
 * server of its own so a published post changes nobody else's pages: write a post, watch it
 * save itself, publish it, and read it on the site moments later, with no build.
 */
test.describe.configure({ mode: "serial" });

let server: PrivateServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startPrivateServer(test.info().workerIndex);
});
test.afterAll(async () => server?.stop());

test("the owner writes a post, it saves itself, and publishing puts it live", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/content`);
  await expect(page.getByRole("link", { name: "Site", exact: true }).first()).toBeVisible();
  // The imported journal is listed.
  await expect(page.getByText("The 5 Ds", { exact: false }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "New journal post" }).click();
  await page.getByLabel("Slug").fill("written-in-the-studio");
  await page.getByLabel("Title", { exact: true }).fill("Written in the studio");
  await page
    .getByLabel("Description", { exact: true })
    .fill("A post the owner wrote in the admin and published in seconds, with no developer.");
  await page.getByLabel("Date", { exact: true }).fill("2026-11-27");
  await page.getByLabel("Author", { exact: true }).fill("Maya Okafor");
  await page.getByLabel("Section").selectOption("building");
  await page.getByLabel("Tags").fill("publishing");
  const body = page.locator(".cm-content");
  await body.click();
  await page.keyboard.type("The first paragraph, typed in the editor.");
  await page.getByRole("button", { name: "Create journal post draft" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/[0-9a-f-]{36}$/);

  // Autosave: a change is saved within 2 s, and says so.
  await page.locator(".cm-content").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" And a second sentence, saved on its own.");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible({ timeout: 5000 });
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Publish now" }).click();
  const live = page.getByRole("link", { name: "/secret/blog/blog/written-in-the-studio" });
  await expect(live).toBeVisible();

  // Its history names who did what: the editing session and the publish.
  await page.reload();
  await page.getByRole("button", { name: "revisions", exact: true }).click();
  const revisions = page.getByRole("region", { name: "Revisions" });
  await expect(revisions.getByRole("button", { name: /· publish$/ })).toBeVisible();
  await expect(revisions.getByRole("button", { name: /· session$/ })).toBeVisible();

  const published = await page.request.get(
    `${server.origin}/secret/blog/blog/written-in-the-studio`,
  );
  expect(published.status()).toBe(200);
  const html = await published.text();
  expect(html).toContain("Written in the studio");
  expect(html).toContain("And a second sentence, saved on its own.");
  const journal = await page.request.get(`${server.origin}/secret/blog`);
  expect(await journal.text()).toContain("Written in the studio");
});

test("the list says what each page brought in 30 days, as a table and on a phone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const session = await server.signIn(page);
  const headers = { "x-access-token": session.accessToken };
  const api = (path: string) => `${server.origin}${path}`;
  // Three views of the journal's first post, and a lead whose visit entered there, won.
  const post = "/secret/blog/blog/the-5-Ds";
  for (let i = 0; i < 3; i++) {
    const beacon = await page.request.post(api("/api/visits"), {
      data: { path: post },
      headers: { "user-agent": desktopBrowser },
    });
    expect(beacon.status()).toBe(204);
  }
  const sent = await page.request.post(api("/api/leads/contact-us"), {
    data: {
      email: "ivy@bakery.example",
      firstName: "Ivy",
      lastName: "Stone",
      message: "Your post on the 5 Ds convinced us: could you build our bakery's site?",
      entryPage: post,
    },
  });
  expect(sent.status()).toBe(201);
  const [lead] = await (
    await page.request.get(api("/api/leads/new?q=ivy%40bakery.example"), { headers })
  ).json();
  const won = await page.request.post(api(`/api/leads/update/${lead.ID}`), {
    data: { LeadStatus: "CONVERTED", Value: 4800 },
    headers,
  });
  expect(won.status()).toBe(200);
  // A draft never published: no page, so no figures.
  const draft = await page.request.post(api("/api/content"), {
    data: {
      type: "post",
      slug: "not-yet-written",
      title: "Not yet written",
      description: "A draft the owner has not published: it has no page, so nothing to count yet.",
      date: "2026-11-28",
      author: "Maya Okafor",
      section: "building",
      tags: ["drafts"],
      body: "Soon.",
    },
    headers,
  });
  expect(draft.status()).toBe(201);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(api("/admin/content"));
  const table = page.getByRole("table", { name: /^Journal posts/ });
  const row = (title: string) => table.getByRole("row").filter({ hasText: title });
  await expect(row("The 5 Ds").getByRole("cell")).toHaveText([
    /The 5 Ds/,
    "Published",
    /\d{4}/,
    "3",
    "1",
    "$4,8001 lead won",
  ]);
  await expect(row("Written in the studio").getByRole("cell").nth(5)).toHaveText("$0");
  // The draft's dashes are explained to whoever cannot see them.
  await expect(row("Not yet written").getByRole("cell").nth(3)).toHaveText(
    "—Not on the site, so nothing is counted",
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("content-1440.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeHidden();
  const cards = page.getByRole("list", { name: "Journal posts" });
  const card = cards.getByRole("listitem").filter({ hasText: "The 5 Ds" });
  await expect(card.getByRole("term")).toHaveText(["Views", "Leads", "Won"]);
  await expect(card.getByRole("definition")).toHaveText(["3", "1", "$4,8001 lead won"]);
  await expect(cards.getByRole("listitem").filter({ hasText: "Not yet written" })).toContainText(
    "Not on the site, so nothing is counted.",
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test("the studio fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/content`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The list reads without scrolling sideways: nothing in it is wider than the screen.
  const cards = page.getByRole("list", { name: "Journal posts" });
  await expect(cards.getByRole("listitem").first()).toBeVisible();
  expect(
    await cards.evaluate((list) => ({
      scrolls: list.scrollWidth > list.clientWidth,
      past: [...list.querySelectorAll("*")].filter(
        (node) => node.getBoundingClientRect().right > window.innerWidth,
      ).length,
    })),
  ).toEqual({ scrolls: false, past: 0 });
  // Each type's tab on one line; the strip scrolls sideways and says so with a fade.
  const types = page.getByRole("navigation", { name: "Content types" });
  for (const box of await types
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height)))
    expect(box).toBeLessThanOrEqual(44);
  await expect(types.locator('[data-strip-fade="end"]')).toBeAttached();
  await expect(types.getByRole("link", { name: "Journal posts" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.screenshot({ path: test.info().outputPath("content-390.png"), fullPage: true });
  // The last type, chosen, comes whole into view, and the fade moves to the other edge.
  await types.getByRole("link", { name: "People" }).click();
  await expect(page).toHaveURL(/type=person/);
  await expect(types.getByRole("link", { name: "People" })).toHaveAttribute("aria-current", "page");
  await expect(types.getByRole("link", { name: "People" })).toBeInViewport({ ratio: 1 });
  await expect(types.locator('[data-strip-fade="start"]')).toBeAttached();
  await page.screenshot({ path: test.info().outputPath("content-people-390.png") });
  await types.getByRole("link", { name: "Journal posts" }).click();
  // An entry's publishing comes before its text: no scrolling past a long post to publish it.
  await page.getByRole("link", { name: /To Rosa/ }).click();
  await expect(page.getByRole("button", { name: "Publish now" })).toBeInViewport();
});

const desktopBrowser =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
