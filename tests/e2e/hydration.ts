import type { Page } from "@playwright/test";

/**
 * Opens a page and waits until its scripts have run. Public pages are complete HTML whose
 * behaviour comes from the frame script (app/frame/frame.ts); the client-rendered screens
 * (accounts, admin) also wait for React to hydrate. Tests of behaviour the scripts add
 * (scroll effects, focus trap, client routing) wait for this so they never race the modules.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(
    () =>
      window.__finelineHydrated === true &&
      (!("__reactRouterContext" in window) || window.__finelineApp === true),
  );
}

/** Waits until the contact form's island is hydrated (it hydrates on approach or focus). */
export async function waitForContactIsland(page: Page) {
  await page.locator('[data-island="contact-form"]').scrollIntoViewIfNeeded();
  await page.locator('[data-island="contact-form"][data-hydrated="true"]').waitFor();
}
