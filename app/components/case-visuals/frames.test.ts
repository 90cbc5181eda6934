import { describe, expect, it } from "vitest";
import { darkScreens } from "./frames.tsx";

/** The dark palette's colours, as the classes set them: `[--color-ink:#eeeae1]` → ink. */
const palette = Object.fromEntries(
  darkScreens
    .split(" ")
    .map((token) => /^\[--(?:color-)?([\w-]+):(#[0-9a-f]{6})\]$/.exec(token))
    .filter((match) => match !== null)
    .map((match) => [match[1], match[2]]),
) as Record<string, string>;

const luminance = (hex: string) => {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
};

describe("the case-study screens' dark palette", () => {
  it("is dark where it was paper", () => {
    expect(luminance(palette.paper ?? "")).toBeLessThan(0.05);
    expect(luminance(palette["paper-dim"] ?? "")).toBeLessThan(0.05);
  });

  // Text on the screens is ink, muted, muted-light or accent-strong; on the accent it is
  // the screen tone or ink-always (WCAG AA, 4.5:1, small text).
  for (const text of ["ink", "muted", "muted-light", "accent-strong"])
    for (const screen of ["paper", "paper-dim"])
      it(`keeps ${text} text readable on ${screen}`, () => {
        expect(contrast(palette[text] ?? "", palette[screen] ?? "")).toBeGreaterThanOrEqual(4.5);
      });

  it("keeps text on the accent readable", () => {
    const accent = "#ff5a1f";
    expect(contrast(palette.paper ?? "", accent)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette["ink-always"] ?? "", accent)).toBeGreaterThanOrEqual(4.5);
  });
});
