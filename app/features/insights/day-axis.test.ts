import { describe, expect, it } from "vitest";
import { dayAxisLabels, insightDay, insightRange, tickLabel } from "./day-axis.ts";

describe("the insights' dates", () => {
  it("reads a day one way, with its year", () => {
    expect(insightDay("2026-11-26")).toBe("Nov 26, 2026");
    expect(insightDay("2027-01-03")).toBe("Jan 3, 2027");
  });

  it("says a range with its year once, or twice across a new year", () => {
    expect(insightRange("2026-10-30", "2026-11-28")).toBe("Oct 30 – Nov 28, 2026");
    expect(insightRange("2026-12-20", "2027-01-18")).toBe("Dec 20, 2026 – Jan 18, 2027");
    expect(insightRange("2026-11-28", "2026-11-28")).toBe("Nov 28, 2026");
  });

  it("shortens large axis numbers to fit the gutter", () => {
    expect([0, 50, 950, 1500, 12000].map(tickLabel)).toEqual(["0", "50", "950", "1.5K", "12K"]);
  });
});

describe("dayAxisLabels", () => {
  const labelWidth = 48;
  const gap = 8;
  const cases = [
    [7, 290],
    [30, 290],
    [90, 290],
    [7, 1300],
    [30, 1300],
    [90, 1300],
    [365, 700],
    [31, 255],
  ] as const;

  for (const [count, width] of cases) {
    it(`never lets two labels touch, nor leave the axis: ${count} days on ${width} px`, () => {
      const labels = dayAxisLabels(count, width, labelWidth, gap);
      expect(labels.length).toBeGreaterThan(1);
      for (const label of labels) {
        expect(label.left).toBeGreaterThanOrEqual(0);
        expect(label.left + labelWidth).toBeLessThanOrEqual(width);
      }
      labels.forEach((label, i) => {
        const before = labels[i - 1];
        if (before) expect(label.left - (before.left + labelWidth)).toBeGreaterThanOrEqual(gap);
      });
      expect(labels.at(-1)?.index).toBe(count - 1);
    });
  }

  it("labels every day when they fit, and fewer as the axis narrows", () => {
    expect(dayAxisLabels(7, 1300, labelWidth, gap).map((l) => l.index)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    // 30 days on a phone: a label a week, counted back from the last day; the last one, held
    // in at the right end, crowds out the week before it.
    expect(dayAxisLabels(30, 290, labelWidth, gap).map((l) => l.index)).toEqual([1, 8, 15, 29]);
  });

  it("labels nothing on an axis narrower than a label, or with no days", () => {
    expect(dayAxisLabels(30, 40, labelWidth, gap)).toEqual([]);
    expect(dayAxisLabels(0, 300, labelWidth, gap)).toEqual([]);
  });
});
