import { expect, type Page, test } from "@playwright/test";
import { publicRoutes } from "./public-routes.ts";

/** Layout polish the issue-28 screenshots asked for, measured at phone widths. */

const phone = { width: 390, height: 844 };

test.describe("on a phone", () => {
  test.use({ viewport: phone });

  test("events put the date above the text, which keeps the card's width", async ({ page }) => {
    await page.goto("/events");
    // Measured once Manrope is in: before it, a fallback font's lines can sit a few pixels off.
    await page.evaluate(() => document.fonts.ready);
    for (const item of await page.locator("main li").all()) {
      const leaf = await item.locator("p[aria-hidden='true']").first().boundingBox();
      const title = await item.locator("h3").boundingBox();
      // The date is a tab above the title, not a tile beside it.
      expect((leaf?.y ?? 0) + (leaf?.height ?? 0)).toBeLessThanOrEqual((title?.y ?? 0) + 1);
      expect(title?.width ?? 0).toBeGreaterThan(phone.width - 2 * 24 - 30);
    }
  });

  test("stacked calls to action are one column of equal buttons", async ({ page }) => {
    for (const path of ["/", "/home2", "/home3"]) {
      await page.goto(path);
      const buttons = page
        .locator("main section")
        .first()
        .locator("a[class*='rounded-sm'][class*='font-bold']");
      const widths = await buttons.evaluateAll((links) =>
        links.map((link) => Math.round(link.getBoundingClientRect().width)),
      );
      expect(widths.length, path).toBeGreaterThanOrEqual(2);
      expect(new Set(widths).size, `${path}: ${widths.join(", ")}`).toBe(1);
    }
  });

  test("step numbers are set in Manrope's tabular figures", async ({ page }) => {
    for (const path of ["/", "/home2", "/home3", "/about"]) {
      await page.goto(path);
      const numbers = page.locator("main [aria-hidden='true']").filter({ hasText: /^0\d$/ });
      expect(await numbers.count(), path).toBeGreaterThan(0);
      for (const number of await numbers.all()) {
        const style = await number.evaluate((el) => {
          const css = getComputedStyle(el);
          return { family: css.fontFamily, numeric: css.fontVariantNumeric };
        });
        expect(style.family, path).toMatch(/Manrope/);
        expect(style.family, path).not.toMatch(/mono/i);
        expect(style.numeric, path).toContain("tabular-nums");
        // And the font the page loaded has those figures: a "1" as wide as a "0" (a cut of
        // the font that drops the feature's glyphs would set them proportionally).
        const widths = await number.evaluate(async (el) => {
          await document.fonts.ready;
          const measure = (text: string) => {
            const probe = el.cloneNode() as HTMLElement;
            probe.textContent = text;
            // Out of the flow and shrink-wrapped, so its width is the figures' own.
            Object.assign(probe.style, {
              position: "absolute",
              display: "inline-block",
              width: "auto",
            });
            el.after(probe);
            const width = probe.getBoundingClientRect().width;
            probe.remove();
            return width;
          };
          return { ones: measure("11"), zeros: measure("00") };
        });
        expect(Math.abs(widths.ones - widths.zeros), path).toBeLessThan(0.5);
      }
    }
  });

  test("the team's portraits are framed alike, beside each name", async ({ page }) => {
    await page.goto("/about");
    const cards = page.locator("#team-title ~ ul > li");
    expect(await cards.count()).toBe(4);
    const frames = await cards.evaluateAll((items) =>
      items.map((item) => {
        const frame = item.querySelector("div")?.getBoundingClientRect();
        const name = item.querySelector("h3")?.getBoundingClientRect();
        return {
          width: Math.round(frame?.width ?? 0),
          height: Math.round(frame?.height ?? 0),
          beside:
            (name?.left ?? 0) > (frame?.right ?? 0) && (name?.top ?? 0) < (frame?.bottom ?? 0),
        };
      }),
    );
    expect(new Set(frames.map((f) => `${f.width}x${f.height}`)).size).toBe(1);
    for (const frame of frames) expect(frame.beside).toBe(true);
  });
});

/** How many lines an element's text takes. */
const lines = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const height = el.getBoundingClientRect().height;
    const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
    return Math.round(height / lineHeight);
  });

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("breadcrumbs stay on one line, the page's name giving way, never a separator", async ({
    page,
  }) => {
    const nested = publicRoutes.filter(({ path }) => path.split("/").length > 2);
    expect(nested.length).toBeGreaterThan(5);
    for (const { path } of nested) {
      await page.goto(path);
      const trail = page.getByRole("navigation", { name: "Breadcrumb" });
      if ((await trail.count()) === 0) continue;
      expect(await lines(page, "nav[aria-label='Breadcrumb'] ol"), path).toBe(1);
      const box = await trail.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(320);
    }
  });

  test("a heading never breaks a hyphenated word at its hyphen", async ({ page }) => {
    let words = 0;
    for (const path of ["/events", "/events/small-business-web-clinic"]) {
      await page.goto(path);
      // Every hyphenated word of a heading sits on one line.
      const split = await page.locator("main h1, main h3").evaluateAll((headings) =>
        headings.flatMap((heading) =>
          (heading.textContent ?? "")
            .split(/\s+/)
            .filter((word) => /\p{L}-\p{L}/u.test(word))
            .map((word) => {
              const holder = [...heading.querySelectorAll("span")].find(
                (span) => span.textContent === word,
              );
              return { word, lines: holder ? holder.getClientRects().length : 0 };
            }),
        ),
      );
      words += split.length;
      expect(
        split.filter((w) => w.lines !== 1),
        path,
      ).toEqual([]);
    }
    expect(words).toBeGreaterThan(0);
  });
});
