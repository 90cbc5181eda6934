import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydration.ts";
import { startPrivateServer } from "./private-server.ts";

/**
 * Merging duplicate leads (docs/decisions/041-merging-leads.md), in the browser: a lead's
 * details list the other lead with the same address, the owner merges it after a question
 * naming what moves, it leaves the list, and its old link opens the kept lead.
 */

async function arrive(request: APIRequestContext, origin: string, email: string, message: string) {
  const res = await request.post(`${origin}/api/leads/contact-us`, {
    data: { email, firstName: "Rosa", lastName: "Merge", message },
  });
  expect(res.status()).toBe(201);
}

const article = (page: Page, name: string) => page.getByRole("article", { name });

test("the owner merges a duplicate from a lead's details; its old link opens the kept lead", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = await startPrivateServer(test.info().workerIndex);
  try {
    const owner = await server.signIn(page);
    await arrive(page.request, server.origin, "rosa@bakery.example", "A new shop, please.");
    await arrive(page.request, server.origin, "ROSA@Bakery.example", "And a logo (zebracorn).");
    const listed = await page.request.get(`${server.origin}/api/leads/new`, {
      headers: { "x-access-token": owner.accessToken },
    });
    const [newer, older] = (await listed.json()) as Array<{ ID: string; Email: string }>;
    expect(newer?.Email).toBe("ROSA@Bakery.example");

    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, `${server.origin}/admin/leads?lead=${older?.ID}`);
    const details = page.locator("[data-lead-details]");
    await expect(
      details.getByRole("heading", { name: "Possible duplicates", exact: true }),
    ).toBeVisible();
    await expect(details.getByText("Same e-mail")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await details.getByRole("button", { name: "Merge into this lead…" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Their messages, calls");
    await dialog.getByRole("button", { name: "Merge", exact: true }).click();
    await expect(page.getByText("Rosa Merge was merged into Rosa Merge.").first()).toBeVisible();
    await expect(article(page, "Rosa Merge")).toHaveCount(1);
    await expect(
      details.getByRole("heading", { name: "Possible duplicates", exact: true }),
    ).toHaveCount(0);
    await expect(details.getByLabel("Notes")).toHaveValue(/Merged from Rosa Merge/);

    // The merged lead's old link (an e-mail sent before) opens the kept lead.
    const gone = await page.request.get(`${server.origin}/api/leads/${newer?.ID}`, {
      headers: { "x-access-token": owner.accessToken },
    });
    expect(gone.status()).toBe(404);
    expect((await gone.json()).mergedInto).toBe(older?.ID);
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, `${server.origin}/admin/leads?lead=${newer?.ID}`);
    await expect(page.locator("[data-lead-details]").getByLabel("Notes")).toHaveValue(/zebracorn/);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await server.stop();
  }
});
