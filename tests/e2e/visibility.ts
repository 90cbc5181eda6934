import type { Page } from "@playwright/test";

/**
 * The browser says the tab is hidden or shown, as it does on switching tabs: for the pages
 * that poll only while they are looked at (the dashboard, the tracker).
 */
export const showTab = (page: Page, state: "hidden" | "visible") =>
  page.evaluate((visibility) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => visibility,
    });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
