import { describe, expect, it } from "vitest";
import type { LeadStatus } from "../../../domain/lead-record.ts";
import type { LeadWeek } from "../../../domain/lead-stats.ts";
import { chartSummary, valueAxis, weekLabels, weekTotal } from "./chart-scale.ts";

const week = (start: string, counts: Partial<Record<LeadStatus, number>> = {}): LeadWeek => ({
  start,
  counts: { CONVERTED: 0, ABANDONED: 0, COLD: 0, WARM: 0, HOT: 0, ...counts },
});

describe("valueAxis", () => {
  it("rounds the top up to a readable step with at most five gridlines", () => {
    expect(valueAxis(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(valueAxis(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(valueAxis(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueAxis(41)).toEqual({ max: 50, ticks: [0, 10, 20, 30, 40, 50] });
    expect(valueAxis(120)).toEqual({ max: 150, ticks: [0, 50, 100, 150] });
    expect(valueAxis(2400)).toEqual({ max: 2500, ticks: [0, 500, 1000, 1500, 2000, 2500] });
  });

  it("always covers the largest bar", () => {
    for (let n = 0; n < 2000; n += 7) {
      const { max, ticks } = valueAxis(n);
      expect(max).toBeGreaterThanOrEqual(n);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }
  });
});

describe("weekLabels", () => {
  it("gives each Monday's day, and the month only where it changes, in UTC", () => {
    const weeks = [week("2026-10-19"), week("2026-10-26"), week("2026-11-02"), week("2026-11-09")];
    expect(weekLabels(weeks)).toEqual([
      { day: "19", month: "Oct" },
      { day: "26", month: "" },
      { day: "2", month: "Nov" },
      { day: "9", month: "" },
    ]);
  });
});

describe("chartSummary", () => {
  it("says how many leads, how many converted and the busiest week", () => {
    const weeks = [
      week("2026-11-02", { HOT: 2, CONVERTED: 1 }),
      week("2026-11-09", { WARM: 5, COLD: 1 }),
      week("2026-11-16", { ABANDONED: 1 }),
    ];
    expect(weeks.map(weekTotal)).toEqual([3, 6, 1]);
    expect(chartSummary(weeks)).toBe(
      "10 leads in the last 3 weeks, 1 of them converted. Busiest: the week of Nov 9, with 6 leads.",
    );
  });

  it("says so when there are no leads", () => {
    expect(chartSummary([week("2026-11-09"), week("2026-11-16")])).toBe(
      "No leads in the last 2 weeks yet.",
    );
  });
});
