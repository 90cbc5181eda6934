import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { readMarkdownFolder } from "../../app/content/markdown-source.server.ts";
import { publicRoutes } from "./public-routes.ts";

/**
 * The small things an art director notices (docs/site.md, "Pictures drawn in code" and
 * "Typography"): each person on /about drawn as themselves, the case-study mockups in the
 * dark page's own palette on /home2, and typographic quotes in every page's display text.
 */

test.use({ reducedMotion: "reduce" });

/** The people the build's /about shows: content/people/, in their order. */
const team = readMarkdownFolder(path.resolve("content"), "people")
  .map((entry) => entry.data as { name: string; portrait?: string; order: number })
  .sort((a, b) => a.order - b.order);

/** The drawing of one portrait: its strokes and shapes, and the tones they are filled with. */
type Drawing = { name: string | null; paths: string[]; fills: string[] };

test("each person on /about has a portrait of their own", async ({ page }) => {
  await page.goto("/about");
  const cards = page.locator("section[aria-labelledby='team-title'] li");
  await expect(cards).toHaveCount(team.length);
  const drawings: Drawing[] = [];
  for (const [i, card] of (await cards.all()).entries()) {
    const member = team[i];
    await expect(card.locator("h3")).toHaveText(member?.name ?? "");
    const portrait = card.locator("svg[data-portrait]");
    await expect(portrait).toHaveCount(1);
    await expect(portrait).toHaveAttribute("data-portrait", member?.portrait ?? "");
    drawings.push(
      await portrait.evaluate((svg) => {
        const shapes = [...svg.querySelectorAll("path")];
        const fills = shapes
          .map((shape) => getComputedStyle(shape).fill)
          .filter((fill) => fill !== "none");
        return {
          name: svg.getAttribute("data-portrait"),
          paths: shapes.map((shape) => shape.getAttribute("d") ?? ""),
          fills: [...new Set(fills)].sort(),
        };
      }),
    );
  }
  for (const [i, one] of drawings.entries()) {
    // Drawn in tones (skin, hair, clothes), not only outlines.
    expect(one.fills.length, `${one.name}'s tones`).toBeGreaterThanOrEqual(3);
    for (const other of drawings.slice(i + 1)) {
      const pair = `${one.name} and ${other.name}`;
      expect(one.paths.join(" "), pair).not.toBe(other.paths.join(" "));
      expect(one.fills.join(" "), pair).not.toBe(other.fills.join(" "));
      // Different people, not one face with a different accessory: at most a few strokes
      // (a neckline, a smile) in common, never the face, hair or shoulders all alike.
      const shared = one.paths.filter((d) => other.paths.includes(d));
      expect(shared.length, pair).toBeLessThan(Math.min(one.paths.length, other.paths.length) / 3);
    }
  }
});

/** A case-study visual's tones as WCAG relative luminance (0 to 1), and its texts' contrast. */
type Tones = {
  well: number;
  screens: number;
  lowestContrast: number;
  /** The text with the lowest contrast, to name in a failure. */
  worst: string;
  texts: number;
};

/**
 * A case-study visual's tones: its frame's background, the area-weighted luminance of its
 * large surfaces (browser window, phone, results card), and the lowest contrast of any of its
 * texts against what is painted beneath it (group opacity included).
 */
async function tonesOf(page: Page, slug: string): Promise<Tones> {
  const visual = page.locator(`article svg[data-case-visual="${slug}"]`).first();
  return visual.evaluate((svg) => {
    // In the middle of the screen, every text in view: what is painted at a point is only
    // known for points inside the viewport.
    svg.scrollIntoView({ block: "center" });
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no canvas");
    /** Any CSS colour (oklab, color-mix…) as painted sRGB, 0–255, with alpha 0–1. */
    const rgba = (css: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const linear = (c = 0) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const over = (top: number[], alpha: number, bottom: number[]) =>
      bottom.map((c, i) => (top[i] ?? 0) * alpha + c * (1 - alpha));
    /** The opacity an element is painted with: its own and its SVG groups'. */
    const opacityOf = (element: Element) => {
      let opacity = 1;
      for (let e: Element | null = element; e && e !== svg.parentElement; e = e.parentElement)
        opacity *= Number(getComputedStyle(e).opacity);
      return opacity;
    };
    /** The colour an SVG shape's fill paints, with the alpha it is painted at. */
    const paint = (element: Element) => {
      const style = getComputedStyle(element);
      const [r, g, b, a] = rgba(style.fill);
      return { rgb: [r, g, b], alpha: a * Number(style.fillOpacity) * opacityOf(element) };
    };

    const wellColour = rgba(getComputedStyle(svg.parentElement as Element).backgroundColor);
    const area = svg.getBoundingClientRect();
    let weighted = 0;
    let total = 0;
    for (const rect of svg.querySelectorAll("rect")) {
      const box = rect.getBoundingClientRect();
      const size = box.width * box.height;
      if (size < 0.03 * area.width * area.height) continue;
      const { rgb, alpha } = paint(rect);
      if (alpha < 0.5) continue;
      weighted += luminance(rgb) * size;
      total += size;
    }

    let lowestContrast = Number.POSITIVE_INFINITY;
    let worst = "";
    const texts = [...svg.querySelectorAll("text")];
    for (const text of texts) {
      const box = text.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      // What lies beneath the text's middle, painted from the bottom up over the frame.
      const beneath = document
        .elementsFromPoint(x, y)
        .filter((e) => svg.contains(e) && e !== svg && !(e instanceof SVGTextElement))
        .filter((e) => e instanceof SVGGeometryElement)
        .reverse();
      let background = wellColour.slice(0, 3);
      for (const shape of beneath) {
        const { rgb, alpha } = paint(shape);
        background = over(rgb, alpha, background);
      }
      const ink = paint(text);
      const colour = over(ink.rgb, ink.alpha, background);
      const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
      const contrast = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      if (contrast < lowestContrast) {
        lowestContrast = contrast;
        worst = text.textContent ?? "";
      }
    }
    return {
      well: luminance(wellColour),
      screens: total ? weighted / total : 1,
      lowestContrast,
      worst,
      texts: texts.length,
    };
  });
}

test.describe("case-study mockups take the page's palette", () => {
  for (const width of [390, 1440]) {
    test(`dark on /home2, light on / at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.goto("/home2");
      const slugs = await page
        .locator("article svg[data-case-visual]")
        .evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute("data-case-visual") ?? ""));
      expect(slugs.length).toBeGreaterThan(0);
      for (const slug of slugs) {
        const dark = await tonesOf(page, slug);
        expect(dark.well, `${slug} frame on /home2`).toBeLessThan(0.05);
        expect(dark.screens, `${slug} screens on /home2`).toBeLessThan(0.1);
        // Every line of interface text still reads (WCAG AA, 4.5:1), faded items included.
        expect(dark.texts, slug).toBeGreaterThan(10);
        expect(dark.lowestContrast, `${slug}: "${dark.worst}" on /home2`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
      await page.goto("/");
      for (const slug of slugs) {
        const light = await tonesOf(page, slug);
        expect(light.well, `${slug} frame on /`).toBeGreaterThan(0.7);
        expect(light.screens, `${slug} screens on /`).toBeGreaterThan(0.6);
      }
    });
  }
});

/**
 * Display text: headings, pull quotes, and the paragraph that opens a page or a hero. Code
 * inside them keeps its straight quotes; so does text the spec prescribes (none is display
 * text today: the contact form's answers are form messages).
 */
const display = "h1, h2, h3, blockquote, header p, h1 ~ p";

test.describe("display text uses typographic quotes", () => {
  for (const { path } of publicRoutes) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      const found = await page.locator(display).evaluateAll((elements) =>
        elements.flatMap((element) => {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          const straight: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!parent || parent.closest("code, pre, kbd, samp")) continue;
            if (!parent.checkVisibility()) continue;
            const text = node.textContent ?? "";
            if (/['"]/.test(text)) straight.push(text.trim());
          }
          return straight;
        }),
      );
      expect(await page.locator(display).count(), path).toBeGreaterThan(0);
      expect(found, path).toEqual([]);
    });
  }
});
