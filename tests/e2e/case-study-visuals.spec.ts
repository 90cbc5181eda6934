import { expect, type Page, test } from "@playwright/test";
import { caseStudies } from "../../app/content/collections.server.ts";

const studies = caseStudies();
const cardPages = ["/", "/previous-work"];

/** Each study's picture: its own drawing, not the shared placeholder or the generic frame. */
const visualOf = (page: Page, slug: string) => page.locator(`svg[data-case-visual="${slug}"]`);

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test.describe("case-study pages", () => {
  for (const study of studies) {
    test(`${study.slug} shows its own visual and a chart that matches its results`, async ({
      page,
    }) => {
      await page.goto(`/previous-work/${study.slug}`);
      const band = page.locator("section[aria-labelledby=results-title]");
      const visual = band.locator(`svg[data-case-visual="${study.slug}"]`);
      await expect(visual).toHaveCount(1);
      await expect(visual).toBeVisible();
      await expect(visual).toHaveAttribute("aria-hidden", "true");
      // Its screens are drawn, not grey placeholder blocks: the site's own address is in the frame.
      await expect(visual.locator("text").first()).toBeAttached();
      expect(await visual.locator("text").count()).toBeGreaterThan(20);

      // The chart's figure is one of the story's front-matter results, and so is every figure
      // listed beside it.
      const values = study.meta.results.map((result) => result.value);
      const figure = (await visual.locator("[data-chart-figure]").textContent())?.trim();
      expect(values).toContain(figure);
      const result = study.meta.results.find((r) => r.value === figure);
      await expect(visual.locator("[data-results-chart]")).toContainText(
        String(result?.label.split(" ").slice(0, 2).join(" ")),
      );
      for (const value of values) {
        await expect(band.locator("li", { hasText: value })).toHaveCount(1);
      }

      // Bars: the change they draw is the figure. Ring: its share is the figure.
      const bars = await visual
        .locator("[data-chart-bar]")
        .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-chart-bar"))));
      if (bars.length === 2) {
        const [before = 0, after = 0] = bars;
        expect(`+${Math.round((after / before - 1) * 100)}%`).toBe(figure);
      } else {
        await expect(visual.locator("[data-chart-share]")).toHaveAttribute(
          "data-chart-share",
          String(figure?.replace("%", "")),
        );
      }
    });
  }

  test("each study's visual is different", async ({ page }) => {
    const drawings = new Set<string>();
    for (const study of studies) {
      await page.goto(`/previous-work/${study.slug}`);
      drawings.add(await visualOf(page, study.slug).innerHTML());
    }
    expect(drawings.size).toBe(studies.length);
  });
});

test.describe("case-study cards", () => {
  for (const [path, width] of cardPages.flatMap((p) => [960, 1440].map((w) => [p, w] as const))) {
    test(`${path} at ${width} px: every card shows its own study's visual, and cards in a row are equally tall`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      // A layout check: without motion no card is measured mid fade-in, 24 px lower than its
      // neighbour (that made this test fail once in CI).
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path);
      const cards = page.locator("article:has(a[href^='/previous-work/'])");
      await expect(cards).toHaveCount(studies.length);
      const boxes: { top: number; height: number }[] = [];
      for (const card of await cards.all()) {
        const href = String(await card.locator("a[href^='/previous-work/']").getAttribute("href"));
        const slug = href.split("/").at(-1) ?? "";
        await expect(visualOf(page, slug).and(card.locator("svg[data-case-visual]"))).toHaveCount(
          1,
        );
        const box = await card.boundingBox();
        if (box) boxes.push({ top: Math.round(box.y), height: box.height });
      }
      const rows = Map.groupBy(boxes, (box) => box.top);
      expect(rows.size).toBeLessThan(boxes.length); // two to a row from 900 px
      for (const row of rows.values()) {
        const heights = row.map((box) => box.height);
        expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
      }
    });
  }
});

test.describe("small screens", () => {
  for (const width of [320, 390]) {
    test(`no sideways scrolling at ${width} px on the work pages`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/previous-work", ...studies.map((s) => `/previous-work/${s.slug}`)]) {
        await page.goto(path);
        await expectNoHorizontalOverflow(page);
      }
    });

    test(`no separator dot starts or ends a line at ${width} px in case-study details`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const study of studies) {
        await page.goto(`/previous-work/${study.slug}`);
        await page.evaluate(() => document.fonts.ready);
        // Every visible character of the header in reading order, with the line it sits on. A
        // "·" must have a visible neighbour on its own line on both sides.
        const stranded = await page.locator("article > header").evaluate((header) => {
          const seen = (rect: DOMRect, node: Node) => {
            if (rect.width === 0 || rect.height === 0) return false;
            const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
            for (let el = node.parentElement; el && el !== header; el = el.parentElement) {
              const style = getComputedStyle(el);
              if (style.visibility === "hidden" || style.opacity === "0") return false;
              if (style.overflowX !== "visible") {
                const box = el.getBoundingClientRect();
                if (x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
              }
            }
            return true;
          };
          const chars: { char: string; top: number }[] = [];
          const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? "";
            for (let i = 0; i < text.length; i++) {
              if (/\s/.test(text[i] ?? "")) continue;
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getBoundingClientRect();
              if (seen(rect, node)) chars.push({ char: text[i] ?? "", top: Math.round(rect.top) });
            }
          }
          return chars
            .map((c, i) => ({ ...c, before: chars[i - 1], after: chars[i + 1], i }))
            .filter(
              (c) =>
                c.char === "·" &&
                (Math.abs((c.before?.top ?? -99) - c.top) > 4 ||
                  Math.abs((c.after?.top ?? -99) - c.top) > 4),
            )
            .map((c) =>
              chars
                .slice(Math.max(0, c.i - 12), c.i + 12)
                .map((x) => x.char)
                .join(""),
            );
        });
        expect(stranded, `${study.slug}: a "·" at the start or end of a line`).toEqual([]);
      }
    });
  }
});

// Mockups and drawings below the opening screen are drawn only as they near the viewport
// (content-visibility, ADR 019). Skipped, each must still be a box of its viewBox's shape,
// or the page would jump as it is drawn.
test.describe("drawings below the fold", () => {
  // Without motion, so positions are the layout's own, not a block mid fade-in.
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

  for (const path of ["/", "/home2", "/home3", "/previous-work"]) {
    test(`${path}: each keeps its shape before and after it is drawn, and nothing shifts`, async ({
      page,
    }) => {
      await page.goto(path);
      await page.evaluate(() => {
        const sink = window as unknown as { shifts: number };
        sink.shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            sink.shifts += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift" });
      });
      const boxes = () =>
        page.locator("[data-case-visual], svg.line-art").evaluateAll((els) =>
          els.map((el) => {
            const [, , w, h] = (el.getAttribute("viewBox") ?? "").split(" ").map(Number);
            const r = el.getBoundingClientRect();
            return {
              drawing: el.getAttribute("data-drawing") ?? el.getAttribute("data-case-visual"),
              top: Math.round(r.top + window.scrollY),
              width: Math.round(r.width),
              height: Math.round(r.height),
              expected: Math.round((r.width * (h ?? 0)) / (w ?? 1)),
              deferred: getComputedStyle(el).contentVisibility === "auto",
            };
          }),
        );
      const before = await boxes();
      expect(before.length).toBeGreaterThanOrEqual(2);
      // Everything but the opening drawing waits for the viewport.
      expect(before.filter((b) => !b.deferred).length).toBeLessThanOrEqual(1);
      for (const box of before) expect(box.height, box.drawing ?? "").toBe(box.expected);

      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
          window.scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }
      });
      expect(await boxes()).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    });
  }
});
