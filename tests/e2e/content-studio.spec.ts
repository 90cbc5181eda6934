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

test("the studio fits a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await server.signIn(page);
  await page.goto(`${server.origin}/admin/content`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("content-390.png"), fullPage: true });
  // An entry's publishing comes before its text: no scrolling past a long post to publish it.
  await page.getByRole("link", { name: /To Rosa/ }).click();
  await expect(page.getByRole("button", { name: "Publish now" })).toBeInViewport();
});
