import { expect, type Page, test } from "@playwright/test";
import { shareImagePath } from "../../domain/share-image.ts";
import { gotoHydrated } from "./hydration.ts";
import { privateRoutes, publicRoutes } from "./public-routes.ts";
import { siteOrigin } from "./server.ts";

/** Collects console errors and uncaught exceptions for the duration of a test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const route of publicRoutes) {
  test(`${route.path} renders its heading, metadata and no console errors`, async ({ page }) => {
    const errors = watchErrors(page);
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    // Prerendered: the heading is in the HTML itself, before any JavaScript runs.
    const html = String(await response?.text());
    expect(html).toMatch(/<h1[\s>]/);
    // The pages' cut of the font is preloaded; the app's modules are not (they would compete
    // with the first paint).
    expect(html).toMatch(
      /<link rel="preload" href="\/assets\/manrope-text-[\w-]+\.woff2" as="font"/,
    );
    expect(html).not.toContain('rel="modulepreload"');
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
    await expect(page.locator("head title")).not.toBeEmpty();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe(`${siteOrigin}${route.path === "/home" ? "/" : route.path}`);
    // Each page shares its own image, generated at build time (scripts/brand-assets.ts).
    const canonicalPath = route.path === "/home" ? "/" : route.path;
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      `${siteOrigin}${shareImagePath(canonicalPath)}`,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
}

test("titles and descriptions are unique across pages (except the /home alias)", async ({
  request,
}) => {
  // The pages are prerendered: their served HTML holds both, so no browser is needed.
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const decode = (text: string) =>
    text
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'");
  for (const route of publicRoutes.filter((r) => r.path !== "/home")) {
    const html = await (await request.get(route.path)).text();
    const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
    const description = decode(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "");
    expect(title, route.path).not.toBe("");
    expect(description, route.path).not.toBe("");
    expect(
      titles.get(title),
      `${route.path} repeats the title of ${titles.get(title)}`,
    ).toBeUndefined();
    expect(descriptions.get(description), `${route.path} repeats a description`).toBeUndefined();
    titles.set(title, route.path);
    descriptions.set(description, route.path);
  }
});

// No horizontal overflow: art-direction.spec.ts checks every public page at 320, 390, 768, 1280
// and 1920 px.

for (const path of privateRoutes) {
  test(`${path} is client-rendered and noindex`, async ({ page }) => {
    const errors = watchErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    expect(errors).toEqual([]);
  });
}

test("the route error page is styled and offers a way back", async ({ page }) => {
  // In the client-rendered app, a screen whose loader fails: the admin with a stored session
  // while the API cannot be reached. (Public pages are documents of their own.)
  await gotoHydrated(page, "/login");
  await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
  await page.evaluate(() => {
    localStorage.setItem(
      "user",
      JSON.stringify({ id: "u1", accessToken: "a", refreshToken: "r", email: "o@x.example" }),
    );
    window.history.pushState({}, "", "/admin");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    /couldn't find that page|went wrong/,
  );
  await expect(page.getByRole("link", { name: "Back to the homepage" })).toBeVisible();
});

test("content stays visible with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const services = page.getByRole("heading", { name: /Nine ways we help/ });
  await services.scrollIntoViewIfNeeded();
  await expect(services).toBeVisible();
  const hidden = await page.evaluate(
    () =>
      [...document.querySelectorAll(".reveal")].filter((el) => getComputedStyle(el).opacity === "0")
        .length,
  );
  expect(hidden).toBe(0);
  await context.close();
});

test("content becomes visible even when the app's JavaScript fails to load", async ({ page }) => {
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/about");
  // The head script hides reveal blocks only until it knows the app hydrated; it gives up after 4 s.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.querySelectorAll(".reveal")].filter(
              (el) => getComputedStyle(el).opacity === "0",
            ).length,
        ),
      { timeout: 8_000 },
    )
    .toBe(0);
  expect(await page.evaluate(() => document.documentElement.dataset.reveal)).toBe("off");
});
