import { describe, expect, it } from "vitest";
import { caseStudies } from "../../content/collections.server.ts";
import { charts, percentChange, percentOf, wrapWords } from "./charts.tsx";

describe("case-study charts", () => {
  it("draw every case study that has one from its own front-matter result", () => {
    const slugs = caseStudies().map((study) => study.slug);
    for (const slug of Object.keys(charts)) expect(slugs).toContain(slug);
  });

  for (const study of caseStudies()) {
    const spec = charts[study.slug];
    if (!spec) continue;
    it(`${study.slug}: the bars or the ring agree with "${study.meta.results[spec.result]?.value}"`, () => {
      const result = study.meta.results[spec.result];
      expect(result).toBeDefined();
      if (spec.kind === "before-after") {
        expect(percentChange(spec.before.value, spec.after.value)).toBe(result?.value);
      } else {
        expect(percentOf(String(result?.value))).toBeTypeOf("number");
      }
    });
  }

  it("write a change the way the stories do", () => {
    expect(percentChange(41, 128)).toBe("+212%");
    expect(percentChange(58_900, 96_600)).toBe("+64%");
    expect(percentChange(5_400, 1_520)).toBe("−72%");
  });

  it("read a share only from a plain percentage", () => {
    expect(percentOf("71%")).toBe(71);
    expect(percentOf("$23,300")).toBeUndefined();
    expect(percentOf("140%")).toBeUndefined();
  });

  it("wrap labels at spaces", () => {
    expect(wrapWords("of pickup orders now placed directly", 20)).toEqual([
      "of pickup orders now",
      "placed directly",
    ]);
  });
});
