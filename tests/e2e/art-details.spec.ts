import { expect, test } from "@playwright/test";
import { team } from "../../app/content/team.ts";

/**
 * The small things an art director notices (docs/site.md, "Pictures drawn in code"): each
 * person on /about drawn as themselves.
 */

test.use({ reducedMotion: "reduce" });

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
