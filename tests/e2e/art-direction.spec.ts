import { expect, type Page, test } from "@playwright/test";
import { publicRoutes } from "./public-routes.ts";

/** The widths the art direction was checked at: a small phone, a phone, a tablet, desks. */
const widths = [320, 390, 768, 1280, 1920] as const;
const paths = publicRoutes.map((route) => route.path).filter((path) => path !== "/home");

/** How far each stroke of each line drawing is drawn, 0 to 1 (1 when it is not animated). */
const strokeProgress = (page: Page) =>
  page.locator("svg.line-art [pathLength]").evaluateAll((strokes) =>
    strokes.map((stroke) => {
      const style = getComputedStyle(stroke);
      if (style.strokeDasharray === "none") return 1;
      return (
        1 - Number.parseFloat(style.strokeDashoffset) / Number.parseFloat(style.strokeDasharray)
      );
    }),
  );

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 900 } });

    test("no public page is wider than the screen", async ({ page }) => {
      test.setTimeout(120_000);
      const wide: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        const { scrollWidth, clientWidth, overflowX } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
          // Hiding the overflow on the page would hide the defect, not fix it.
          overflowX: getComputedStyle(document.body).overflowX,
        }));
        if (scrollWidth > clientWidth || overflowX !== "visible")
          wide.push(`${path}: ${scrollWidth} px (${overflowX})`);
      }
      expect(wide).toEqual([]);
    });

    test("every line drawing reaches its end", async ({ page, request }) => {
      test.setTimeout(180_000);
      const unfinished: string[] = [];
      let drawings = 0;
      for (const path of paths) {
        // Pages are prerendered: only those whose HTML holds a drawing need a browser.
        if (!(await (await request.get(path)).text()).includes("line-art")) continue;
        await page.goto(path);
        const count = await page.locator("svg.line-art").count();
        if (count === 0) continue;
        drawings += count;
        // Hero drawings draw themselves as the page opens: let them finish (scroll-driven
        // ones never "finish" on their own, so only the intro drawings are awaited).
        await page.evaluate(() =>
          Promise.all(
            [...document.querySelectorAll("svg.line-art[data-draw='intro']")]
              .flatMap((svg) => svg.getAnimations({ subtree: true }))
              .map((animation) => animation.finished),
          ),
        );
        // Then scroll the page through from top to bottom, most of a screen at a time, keeping
        // each stroke's best (in the page, two frames per step). A scroll-driven stroke is
        // complete once its figure has crossed half the screen and stays complete after (its
        // animation fills forwards), so a drawing the page cannot scroll far enough to finish
        // (too near its end) stays short and fails.
        const best = await page.evaluate(async () => {
          const strokes = [...document.querySelectorAll("svg.line-art [pathLength]")];
          const progress = () =>
            strokes.map((stroke) => {
              const style = getComputedStyle(stroke);
              if (style.strokeDasharray === "none") return 1;
              const offset = Number.parseFloat(style.strokeDashoffset);
              return 1 - offset / Number.parseFloat(style.strokeDasharray);
            });
          // Two frames, or 250 ms when the browser holds frames back: once, in CI on a busy
          // 2-core machine, a page's frames stopped and the walk waited out the test's budget.
          const frame = () =>
            Promise.race([
              new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
              new Promise((resolve) => setTimeout(resolve, 250)),
            ]);
          const best = progress();
          const bottom = document.documentElement.scrollHeight - window.innerHeight;
          const step = Math.max(1, Math.floor(window.innerHeight * 0.75));
          for (let top = 0; ; top = Math.min(bottom, top + step)) {
            window.scrollTo({ top, behavior: "instant" });
            await frame();
            progress().forEach((value, index) => {
              best[index] = Math.max(best[index] ?? 0, value);
            });
            if (top >= bottom) break;
          }
          return best;
        });
        const short = best.filter((progress) => progress < 0.99);
        if (short.length > 0)
          unfinished.push(`${path}: ${short.length} strokes stop at ${short[0]?.toFixed(2)}`);
      }
      expect(drawings).toBeGreaterThan(0);
      expect(unfinished).toEqual([]);
    });
  });
}

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the brand name stays on one line beside the Menu button, in the bar and the open menu", async ({
    page,
  }) => {
    await page.goto("/about");
    const lineHeight = (locator: ReturnType<Page["locator"]>) =>
      locator.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    const brand = page.getByRole("navigation", { name: "Main" }).getByRole("link", {
      name: "Fineline Studio",
    });
    // One line of the name (the mark beside it is a little taller than a line), not two.
    const box = await brand.boundingBox();
    expect(box?.height).toBeLessThan(2 * (await lineHeight(brand)));
    const menuButton = page.getByRole("button", { name: "Menu" });
    const menu = await menuButton.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThan(menu?.x ?? 0);
    expect((menu?.x ?? 0) + (menu?.width ?? 0)).toBeLessThanOrEqual(320);

    await menuButton.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    const inMenu = dialog.getByRole("link", { name: "Fineline Studio" });
    const menuBox = await inMenu.boundingBox();
    expect(menuBox?.height).toBeLessThan(2 * (await lineHeight(inMenu)));
    const close = await dialog.getByRole("button", { name: "Close" }).boundingBox();
    expect((menuBox?.x ?? 0) + (menuBox?.width ?? 0)).toBeLessThan(close?.x ?? 0);
  });
});

test("the services grid on / never leaves one cell alone in its last row", async ({ page }) => {
  for (const width of [640, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const lastRow = await page
      .locator("#services-title")
      .locator("xpath=ancestor::section[1]")
      .locator("ul")
      .first()
      .evaluate((list) => {
        const cells = [...list.children].map((cell) => cell.getBoundingClientRect());
        const top = Math.max(...cells.map((cell) => Math.round(cell.top)));
        const row = cells.filter((cell) => Math.round(cell.top) === top);
        return { filled: row.reduce((sum, cell) => sum + cell.width, 0), width: list.clientWidth };
      });
    // The last row's cells together span the grid's width.
    expect(lastRow.filled, `${width} px`).toBeGreaterThan(lastRow.width - 2);
  }
});

test("the services strip on / shows a drawing of its own for each service", async ({ page }) => {
  await page.goto("/");
  const cells = page
    .locator("#services-title")
    .locator("xpath=ancestor::section[1]")
    .locator("ul")
    .first()
    .locator(":scope > li");
  const count = await cells.count();
  expect(count).toBe(9);
  const drawings = await cells.evaluateAll((items) =>
    items.map((item) => {
      const svg = item.querySelector("svg[data-drawing]");
      return svg
        ? `${svg.getAttribute("data-drawing")}:${svg.querySelectorAll("path").length}`
        : "";
    }),
  );
  // Every cell has one, with strokes, and no two cells share one.
  for (const drawing of drawings) expect(drawing).toMatch(/^[a-z-]+:[1-9]\d*$/);
  expect(new Set(drawings.map((d) => d.split(":")[0])).size).toBe(count);
});

test.describe("the home hero's drawing", () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "no-preference" });

  test("draws itself as the page opens, without scrolling", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("section[aria-labelledby='hero-title'] svg.line-art");
    await expect(hero).toHaveAttribute("data-draw", "intro");
    // Animated at first (it starts undrawn), then complete within a few seconds, at the top.
    expect(
      await hero.evaluate((svg) => svg.getAnimations({ subtree: true }).length),
    ).toBeGreaterThan(0);
    const undrawn = () =>
      hero
        .locator("[pathLength]")
        .evaluateAll((paths) =>
          Math.max(
            ...paths.map((path) => Number.parseFloat(getComputedStyle(path).strokeDashoffset)),
          ),
        );
    await expect.poll(undrawn, { timeout: 5_000 }).toBeLessThan(0.01);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("with reduced motion", () => {
  test.use({ viewport: { width: 320, height: 700 }, reducedMotion: "reduce" });

  test("every line drawing is complete at once", async ({ page }) => {
    for (const path of ["/", "/home2", "/home3"]) {
      await page.goto(path);
      const progress = await strokeProgress(page);
      expect(progress.length, path).toBeGreaterThan(0);
      expect(Math.min(...progress), path).toBe(1);
    }
  });
});

test("/about shows each person's drawn portrait, not initials, and the author card too", async ({
  page,
}) => {
  await page.goto("/about");
  const cards = page.locator("section[aria-labelledby='team-title'] li");
  await expect(cards).toHaveCount(4);
  for (const card of await cards.all()) {
    // A line drawing of its own (face, hair, shoulders and an accent), decorative beside the name.
    const portrait = card.locator("svg[data-portrait]");
    await expect(portrait).toHaveAttribute("aria-hidden", "true");
    expect(await portrait.locator("path").count()).toBeGreaterThan(5);
    await expect(card).not.toContainText(/^[A-Z]{2}\b/);
  }
  const names = await page
    .locator("svg[data-portrait]")
    .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("data-portrait")));
  expect(new Set(names).size).toBe(4);
  await page.goto("/secret/blog/blog/to-rosa");
  await expect(
    page.getByText("Written by").locator("..").locator("svg[data-portrait]"),
  ).toHaveCount(1);
});
