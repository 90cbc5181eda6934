import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration.ts";

test.describe("with motion allowed", () => {
  test.use({ viewport: { width: 1440, height: 900 }, reducedMotion: "no-preference" });

  test("content blocks fade in once 10% of them is visible", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const block = page.locator("#services .reveal").last();
    await expect(block).not.toHaveClass(/is-visible/);
    expect(await block.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await block.scrollIntoViewIfNeeded();
    await expect(block).toHaveClass(/is-visible/);
    await expect.poll(() => block.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  test("the process step nearest the middle of the viewport is highlighted", async ({ page }) => {
    await gotoHydrated(page, "/");
    const steps = page
      .locator("#process-title")
      .locator("xpath=ancestor::section[1]")
      .locator("ol > li");
    await expect(steps).toHaveCount(4);
    for (const index of [0, 1, 2, 3]) {
      const step = steps.nth(index);
      await step.evaluate((el) => {
        const rect = el.getBoundingClientRect();
        window.scrollBy(0, rect.top + rect.height / 2 - window.innerHeight / 2);
      });
      await expect(step).toHaveAttribute("aria-current", "step");
      await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
    }
  });

  for (const path of ["/home2", "/home3"]) {
    test(`${path}: the line drawings draw as you scroll`, async ({ page }) => {
      await page.goto(path);
      const stroke = page.locator('svg.line-art[data-drawing="launch"] path').first();
      // How much of the stroke is drawn, 0 to 1: its dash is as long as the stroke on screen
      // (app.css, .line-art), and dropped once the stroke is complete.
      const drawn = () =>
        stroke.evaluate((el) => {
          const style = getComputedStyle(el);
          if (style.strokeDasharray === "none") return 1;
          return (
            1 - Number.parseFloat(style.strokeDashoffset) / Number.parseFloat(style.strokeDasharray)
          );
        });
      // Just below the fold: laid out (content-visibility renders what is near the screen),
      // and not yet drawn.
      await stroke.evaluate((el) =>
        window.scrollBy(
          0,
          (el.closest("svg") ?? el).getBoundingClientRect().top - window.innerHeight - 100,
        ),
      );
      const before = await drawn();
      expect(before).toBeLessThan(0.1);
      await stroke.evaluate((el) => el.scrollIntoView({ block: "end" }));
      await page.mouse.wheel(0, 150);
      await expect.poll(drawn).toBeGreaterThan(before);
      await stroke.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await expect.poll(drawn).toBeGreaterThan(0.95); // fully drawn once well in view
    });
  }
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("line drawings are static and fully drawn", async ({ page }) => {
    await page.goto("/home2");
    const offsets = await page
      .locator("svg.line-art path")
      .evaluateAll((paths) =>
        paths.map((p) => Number.parseFloat(getComputedStyle(p).strokeDashoffset) || 0),
      );
    expect(offsets.length).toBeGreaterThan(10);
    expect(Math.max(...offsets)).toBe(0);
  });

  test("reveal blocks are visible without scrolling to them", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const opacities = await page
      .locator(".reveal")
      .evaluateAll((els) => els.map((el) => getComputedStyle(el).opacity));
    expect(new Set(opacities)).toEqual(new Set(["1"]));
  });
});

test.describe("without JavaScript, the frame degrades to plain HTML", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the first process step is current and looks it, the bar stays, the menu still opens", async ({
    page,
  }) => {
    await page.goto("/");
    const steps = page.locator("[data-process-steps] > li");
    await expect(steps.first()).toHaveAttribute("aria-current", "step");
    await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
    // The current step's look comes from the attribute (CSS), not from a script.
    const border = (index: number) =>
      steps.nth(index).evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(await border(0)).not.toBe(await border(1));
    await page.mouse.wheel(0, 2000);
    await expect(page.locator("[data-site-bar]")).not.toHaveAttribute("data-hidden", "true");
    // Invoker commands open the menu with no script at all.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  });
});
