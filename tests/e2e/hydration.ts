import type { Page } from "@playwright/test";

/**
 * Opens a page and waits until React has hydrated it. Pages are complete HTML without
 * JavaScript; tests of behaviour the app adds (scroll effects, focus trap, client
 * routing) wait for this so they never race the modules loading.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => window.__finelineHydrated === true);
}
