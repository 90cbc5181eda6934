import { expect, test } from "@playwright/test";
import { testimonials } from "../../app/content/collections.server.ts";
import { seriousViolations } from "./axe.ts";

/**
 * Proof before the fourth screen (docs/site.md): clients' words on the three landing pages,
 * the work within the first two screens of the home page, each case study's quote pulled out
 * beside its story, and the 75% claim stated once with its sources.
 */

const landing = [
  { path: "/", page: "home" },
  { path: "/home2", page: "home2" },
  { path: "/home3", page: "home3" },
] as const;

test("each landing page carries its own clients' words, each named", async ({ page }) => {
  for (const { path, page: where } of landing) {
    await page.goto(path);
    const expected = testimonials().filter((t) => t.meta.pages.includes(where));
    expect(expected.length, path).toBeGreaterThanOrEqual(3);
    const figures = page.locator("main figure:has(blockquote)");
    await expect(figures, path).toHaveCount(expected.length);
    for (const testimonial of expected) {
      const figure = figures.filter({ hasText: testimonial.meta.name });
      await expect(figure.locator("figcaption"), path).toContainText(testimonial.meta.business);
      await expect(figure.locator("blockquote"), path).not.toBeEmpty();
    }
  }
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px the home page shows work within its first two screens`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/");
    const strip = page.getByRole("region", { name: "Recent work" });
    const links = strip.getByRole("link");
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("href", /^\/previous-work\/[a-z0-9-]+$/);
      const box = await link.boundingBox();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(2 * height);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  });
}

test("the 75% claim is said once, and its sources open beside it, by keyboard", async ({
  page,
}) => {
  await page.goto("/");
  const main = page.locator("main");
  const text = (await main.textContent()) ?? "";
  expect(text.match(/75%/g)).toHaveLength(2); // the claim, and its source's note
  await expect(page.getByRole("heading", { level: 2, name: /75%/ })).toHaveText(
    "75% of people judge credibility by the website in under half a second.",
  );
  const sources = page.getByText("Where these figures come from");
  const stanford = page.getByRole("link", { name: "Stanford Guidelines for Web Credibility" });
  await expect(stanford).toBeHidden();
  await sources.focus();
  await page.keyboard.press("Enter");
  await expect(stanford).toBeVisible();
  await expect(page.getByRole("link", { name: "The paper" })).toHaveAttribute(
    "href",
    "https://doi.org/10.1080/01449290500330448",
  );
  await expect(main).toContainText("Lindgaard");
});

test("each case study's client quote is pulled out of the story, beside it", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const testimonial of testimonials().filter((t) => t.meta.caseStudy)) {
    await page.goto(`/previous-work/${testimonial.meta.caseStudy}`);
    const quote = page.locator("aside figure blockquote");
    await expect(quote).toHaveCount(1);
    const words = ((await quote.textContent()) ?? "").trim();
    expect(words.length).toBeGreaterThan(20);
    await expect(page.locator("aside figure figcaption")).toContainText(testimonial.meta.name);
    // Pulled out, not repeated: the story itself no longer holds it.
    expect(await page.locator(".prose").textContent()).not.toContain(words.slice(0, 30));
    // Beside the story at desktop: in view while the middle of the story is read.
    await page.locator(".prose h2").nth(2).scrollIntoViewIfNeeded();
    await expect(page.locator("aside figure")).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test("/home2's contact form is in the page's dark palette, and stays accessible", async ({
  page,
}) => {
  await page.goto("/home2#contact-us");
  const email = page.locator("#contact-us").getByLabel("Email");
  const background = await email.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
  expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(3 * 60);
  expect(await seriousViolations(page)).toEqual([]);
});

test("the audience pages are linked from every page's footer", async ({ page }) => {
  for (const path of ["/", "/about", "/events"]) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    await expect(footer.locator('a[href="/home2"]')).toHaveCount(1);
    await expect(footer.locator('a[href="/home3"]')).toHaveCount(1);
  }
});
