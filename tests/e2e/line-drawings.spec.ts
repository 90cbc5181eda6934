import { expect, type Page, test } from "@playwright/test";

/**
 * Every line drawing, once drawn in, is its still state (app.css, .line-art): at every width
 * the site is designed for, each drawing on the landing pages is photographed still (reduced
 * motion) and then finished after drawing in, and no pixel of the two pictures may differ by
 * more than `tolerance`. A drawing shown larger than its viewBox used to stop part-way (its
 * dashes measured in the drawing's units, its strokes on screen), missing corners and sides:
 * a missing stroke differs by about 220 of 255 where it should be. Chromium anti-aliases a
 * path that has been animated a little differently from one that never was (up to 52 of 255
 * along its edges, measured), hence a tolerance rather than equal bytes.
 */
const tolerance = 96;
const pages = ["/", "/home2", "/home3"] as const;
const widths = [320, 390, 768, 1024, 1440, 1920] as const;

/** Each drawing of the page, by its place in the page, scrolled to the middle of the screen. */
async function drawings(page: Page) {
  return page.locator("svg.line-art[data-draw]").count();
}

async function centre(page: Page, index: number) {
  await page
    .locator("svg.line-art[data-draw]")
    .nth(index)
    .evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      window.scrollBy({
        top: box.top + box.height / 2 - window.innerHeight / 2,
        behavior: "instant",
      });
    });
}

/** Waits until every stroke of the drawing has drawn in as far as it goes. */
async function finished(page: Page, index: number) {
  await expect
    .poll(() =>
      page
        .locator("svg.line-art[data-draw]")
        .nth(index)
        .locator("[pathLength]")
        .evaluateAll((paths) =>
          paths.every((path) => {
            const style = getComputedStyle(path);
            return (
              style.strokeDasharray === "none" || Number.parseFloat(style.strokeDashoffset) === 0
            );
          }),
        ),
    )
    .toBe(true);
  // And whatever else of it still moves (a delayed stroke, a fill fading in) has come to rest:
  // a busy machine can photograph it a frame early otherwise.
  await page
    .locator("svg.line-art[data-draw]")
    .nth(index)
    .evaluate(async (svg) => {
      const ending = svg
        .getAnimations({ subtree: true })
        .filter((animation) =>
          Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        );
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    });
}

/** How many pixels of two pictures of one size differ by more than `tolerance` in a channel. */
function pixelsOff(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ({ a, b, tolerance }) => {
      const pixels = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext("2d");
        context?.drawImage(image, 0, 0);
        return (
          context?.getImageData(0, 0, image.width, image.height).data ?? new Uint8ClampedArray()
        );
      };
      const [one, two] = [await pixels(a), await pixels(b)];
      if (one.length !== two.length) return Number.POSITIVE_INFINITY;
      let off = 0;
      for (let i = 0; i < one.length; i += 4)
        if ([0, 1, 2].some((c) => Math.abs((one[i + c] ?? 0) - (two[i + c] ?? 0)) > tolerance))
          off++;
      return off;
    },
    { a: a.toString("base64"), b: b.toString("base64"), tolerance },
  );
}

const photograph = (page: Page, index: number) =>
  page.locator("svg.line-art[data-draw]").nth(index).screenshot({ animations: "allow" });

for (const width of widths) {
  test(`every landing-page drawing ends as its still state at ${width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const viewport = { width, height: width < 768 ? 844 : 900 };
    const still = await browser.newPage({ viewport, reducedMotion: "reduce" });
    const moving = await browser.newPage({ viewport, reducedMotion: "no-preference" });
    const differ: string[] = [];
    let compared = 0;
    for (const path of pages) {
      await still.goto(path);
      await moving.goto(path);
      const count = await drawings(moving);
      expect(await drawings(still), path).toBe(count);
      for (let index = 0; index < count; index++) {
        await centre(moving, index);
        await finished(moving, index);
        await centre(still, index);
        const [after, before] = [await photograph(moving, index), await photograph(still, index)];
        compared++;
        const off = await pixelsOff(moving, after, before);
        if (off > 0) {
          const name = await moving
            .locator("svg.line-art[data-draw]")
            .nth(index)
            .getAttribute("data-drawing");
          differ.push(`${path} ${name}: ${off} pixels`);
        }
      }
    }
    await still.close();
    await moving.close();
    expect(compared).toBeGreaterThanOrEqual(pages.length);
    expect(differ).toEqual([]);
  });
}
