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

test("from the app, a redirected path is loaded from the server and lands where it should", async ({
  page,
}) => {
  test.setTimeout(90_000); // one app load per redirect
  // The router runs on the client-rendered screens; a public path (a redirect's source and
  // its target) is a document of its own, so the app hands it to the server, which redirects.
  for (const [from, to] of redirects) {
    await gotoHydrated(page, "/login");
    await page.evaluate((path) => {
      window.history.pushState({}, "", path);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, from);
    await expect(page).toHaveURL(to);
    await page.waitForFunction(() => !("__reactRouterContext" in window));
  }
});

test("the /guides#wordpress and /secret/blog#building targets exist", async ({ page }) => {
  await page.goto("/guides/wordpress");
  await expect(page.locator("#wordpress")).toBeInViewport();
  await expect(page.locator("#wordpress").getByRole("link")).toHaveCount(2);
  await page.goto("/secret/blog/building");
  await expect(page.locator("#building")).toBeInViewport();
});
