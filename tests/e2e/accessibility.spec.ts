import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { privateRoutes, publicRoutes } from "./public-routes.ts";

const viewports = [
  { name: "390", viewport: { width: 390, height: 844 } },
  { name: "1440", viewport: { width: 1440, height: 900 } },
];

for (const { name, viewport } of viewports) {
  test.describe(`axe at ${name} px`, () => {
    test.use({ viewport, reducedMotion: "reduce" });
    // /home is the same prerendered document as / (canonical /): checked once.
    const paths = publicRoutes.map((r) => r.path).filter((path) => path !== "/home");
    for (const path of [...paths, ...privateRoutes]) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const serious = await seriousViolations(page);
        expect(serious).toEqual([]);
      });
    }
  });
}

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});
