import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration.ts";

const redirects = [
  ["/guides/wordpress", "/guides#wordpress"],
  ["/blog", "/secret/blog"],
  ["/secret/blog/building", "/secret/blog#building"],
  ["/canvases", "/previous-work"],
  ["/canvases/story-circle", "/previous-work"],
  ["/no/such/page", "/"],
  ["/wp-login", "/"],
] as const;

for (const [from, to] of redirects) {
  test(`loading ${from} ends at ${to}`, async ({ page }) => {
    const response = await page.request.get(from, { maxRedirects: 0 });
    expect([301, 302]).toContain(response.status());
    await page.goto(from);
    await expect(page).toHaveURL(to);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test("the client router applies the same redirects without a reload", async ({ page }) => {
  await gotoHydrated(page, "/about");
  for (const [from, to] of redirects) {
    // A history entry plus popstate makes React Router navigate in-app, with no server round trip.
    await page.evaluate((path) => {
      window.history.pushState({}, "", path);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, from);
    await expect(page).toHaveURL(to);
  }
});

test("the /guides#wordpress and /secret/blog#building targets exist", async ({ page }) => {
  await page.goto("/guides/wordpress");
  await expect(page.locator("#wordpress")).toBeInViewport();
  await expect(page.locator("#wordpress").getByRole("link")).toHaveCount(2);
  await page.goto("/secret/blog/building");
  await expect(page.locator("#building")).toBeInViewport();
});
