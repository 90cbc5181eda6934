import { expect, type Page, type Request, test } from "@playwright/test";
import { events } from "../../app/content/collections.server.ts";
import { fromClient } from "./client-address.ts";
import { gotoHydrated } from "./hydration.ts";
import { publicRoutes } from "./public-routes.ts";
import { e2eBuildTime } from "./server.ts";

test.use(fromClient("bundles"));

/** Scripts a page requests, with the bytes each took on the wire (compressed). */
function watchScripts(page: Page) {
  const scripts: Request[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request);
  });
  return {
    paths: () => scripts.map((r) => new URL(r.url()).pathname),
    bytes: async () => {
      let total = 0;
      for (const request of scripts) {
        const sizes = await request.sizes();
        total += sizes.responseBodySize + sizes.responseHeadersSize;
      }
      return total;
    },
  };
}

const frameOnly = /^\/assets\/frame-[\w-]+\.js$/;
/**
 * A page whose island is in view at once loads it with the frame, with the small modules it
 * shares with the frame (their chunks are named by the bundler): the booking picker, plain
 * DOM. Still within the page's 10 KB, which React alone would exceed.
 */
const islandInView: Record<string, RegExp> = {
  "/book": /^\/assets\/booking-island-[\w-]+\.js$/,
  // An event open for registration: its ticket, under the title, says the seats left as the
  // page opens (the registration island, plain DOM; docs/events.md).
  ...Object.fromEntries(
    events()
      .filter((event) => Date.parse(event.meta.start) > Date.parse(e2eBuildTime))
      .map((event) => [`/events/${event.slug}`, /^\/assets\/registration-island-[\w-]+\.js$/]),
  ),
};

test.describe("public pages without React (ADR 014)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { path } of publicRoutes) {
    test(`${path} loads one script, the frame, under 10 KB, and no router`, async ({ page }) => {
      const scripts = watchScripts(page);
      await gotoHydrated(page, path);
      await page.waitForLoadState("networkidle");
      const island = islandInView[path];
      const [frameScript, ...rest] = scripts.paths();
      expect(frameScript).toMatch(frameOnly);
      if (island) {
        expect(rest.some((script) => island.test(script))).toBe(true);
        for (const script of rest) expect(script).toMatch(/^\/assets\/[\w-]+\.js$/);
      } else expect(rest).toEqual([]);
      expect(await scripts.bytes()).toBeLessThanOrEqual(10 * 1024);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      await expect(page.locator('script[type="speculationrules"]')).toHaveCount(1);
      // One font file: the pages' own cut of Manrope (scripts/text-font.ts), nothing else.
      const { resources, firstPaint } = await page.evaluate(() => ({
        resources: performance
          .getEntriesByType("resource")
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      }));
      const fonts = resources.map((r) => r.path).filter((p) => p.endsWith(".woff2"));
      expect(fonts).toHaveLength(1);
      expect(fonts[0]).toMatch(/^\/assets\/manrope-text-[\w-]+\.woff2$/);
      // The pruned stylesheet keeps the metric-matched fallback, so on a slow phone the swap to
      // Manrope moves nothing.
      const fallback = await page.evaluate(() =>
        [...document.fonts].some((f) => f.family.replace(/"/g, "") === "Manrope Fallback"),
      );
      expect(fallback).toBe(true);
      // Nothing else on first load (the icon and client logos are inline), and the frame only
      // once the first paint is on screen: on a slow phone an early request shares the first
      // round trips with the font and holds the paint back (ADR 019).
      const loaded = resources.map((r) => r.path).filter((p) => !p.startsWith("/api/"));
      expect(loaded.sort()).toEqual([fonts[0], ...scripts.paths()].sort());
      const frame = resources.find((r) => frameOnly.test(r.path));
      expect(frame?.start).toBeGreaterThanOrEqual(firstPaint);
    });
  }

  test("a character outside the pages' cut of the font still comes in Manrope", async ({
    page,
  }) => {
    await gotoHydrated(page, "/test");
    const faces = () =>
      page.evaluate(() =>
        [...document.fonts]
          .filter((f) => f.family.replace(/"/g, "") === "Manrope" && f.status === "loaded")
          .map((f) => f.unicodeRange),
      );
    expect(await faces()).toHaveLength(1);
    // A name like a visitor might type: ë is Latin-1 but shown on no page, so not in the cut.
    await page.evaluate(() => {
      const p = document.createElement("p");
      p.textContent = "Zoë";
      document.querySelector("main")?.append(p);
    });
    await expect.poll(async () => (await faces()).length).toBe(2);
  });

  test("the client-rendered screens still hydrate the app", async ({ page }) => {
    const scripts = watchScripts(page);
    await gotoHydrated(page, "/login");
    await expect(page.getByRole("textbox", { name: "Email" })).toBeVisible();
    expect(scripts.paths().some((p) => p.includes("entry.client"))).toBe(true);
    await expect(page.locator('script[type="speculationrules"]')).toHaveCount(0);
  });
});

test.describe("the contact form island", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const island = '[data-island="contact-form"]';

  test("hydrates when the form comes near, not before", async ({ page }) => {
    const scripts = watchScripts(page);
    await gotoHydrated(page, "/");
    await page.waitForLoadState("networkidle");
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(400);
    expect(scripts.paths().some((p) => p.includes("contact-island"))).toBe(false);
    await expect(page.locator(island)).not.toHaveAttribute("data-hydrated");

    await page.locator(island).scrollIntoViewIfNeeded();
    await expect(page.locator(island)).toHaveAttribute("data-hydrated", "true");
    expect(scripts.paths().some((p) => p.includes("contact-island"))).toBe(true);
    // Hydrated, it checks the fixed rules in the page: no request for an invalid email.
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email. Please fix and try again");
    await expect(page).toHaveURL("/");
  });

  test("hydrates as soon as a field takes focus, keeping what was typed", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.evaluate(() =>
      document.getElementById("contact-email")?.focus({ preventScroll: true }),
    );
    await page.keyboard.type("early@bakery.example");
    await expect(page.locator(island)).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByLabel("Email")).toHaveValue("early@bakery.example");
  });

  test("before the island loads, a submit is the plain post", async ({ page }) => {
    await page.route("**/assets/contact-island-*.js", () => {}); // never answers
    await gotoHydrated(page, "/home#contact-us");
    await page.getByLabel("Email").fill(`plain.${Date.now()}@bakery.example`);
    await page.getByLabel("First Name").fill("Ada");
    await page.getByLabel("Last Name").fill("Baker");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/contact/sent");
    await expect(page.getByRole("status")).toHaveText("We'll be in touch shortly!");
  });
});

test("a public page reached from the app is loaded as its own document", async ({ page }) => {
  await gotoHydrated(page, "/login");
  // A client-side navigation, as after logging in or a client redirect.
  await page.evaluate(() => {
    window.history.pushState({}, "", "/about");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await page.waitForFunction(
    () =>
      location.pathname === "/about" &&
      window.__finelineHydrated === true &&
      !("__reactRouterContext" in window),
  );
  // The frame runs on the new document: blocks fade in as they come into view.
  const block = page.locator("#services .reveal").last();
  await block.scrollIntoViewIfNeeded();
  await expect(block).toHaveClass(/is-visible/);
});
