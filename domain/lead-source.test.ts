import { describe, expect, it } from "vitest";
import { cleanReferrer, cleanText, leadSourceOf, sourceFilterOf, utmOf } from "./lead-source.ts";

describe("where a lead came from", () => {
  it("labels a visit by its campaign, else the referring site, else direct", () => {
    expect(
      leadSourceOf({ utmSource: "Newsletter", referrer: "https://www.google.com/" }).source,
    ).toBe("newsletter");
    expect(leadSourceOf({ referrer: "https://www.google.com/search?q=web+studio" })).toEqual({
      referrer: "https://www.google.com/search",
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      source: "google.com",
    });
    expect(leadSourceOf({}).source).toBe("direct");
  });

  it("does not count a visitor moving between this site's own pages as a source", () => {
    const visit = { referrer: "https://fineline.studio/about" };
    expect(leadSourceOf(visit, ["www.fineline.studio"])).toMatchObject({
      referrer: null,
      source: "direct",
    });
  });

  it("keeps only the origin and path of a referrer: no query, fragment or credentials", () => {
    expect(cleanReferrer("https://user:pw@news.example/story/42?token=secret#c")).toBe(
      "https://news.example/story/42",
    );
    expect(cleanReferrer("javascript:alert(1)")).toBeNull();
    expect(cleanReferrer("not a url")).toBeNull();
    expect(cleanReferrer(42)).toBeNull();
    expect(cleanReferrer(`https://news.example/${"a".repeat(900)}`)?.length).toBe(500);
  });

  it("strips control characters and cuts to size without splitting a character", () => {
    expect(cleanText("spring\u0000\u0007 sale\u2028\u0085", 100)).toBe("spring sale");
    expect(cleanText("   ", 10)).toBeNull();
    expect(cleanText(["array"], 10)).toBeNull();
    expect(cleanText("😀".repeat(150), 100)).toBe("😀".repeat(100));
    expect(leadSourceOf({ utmSource: "x".repeat(300), utmCampaign: "\u0000" })).toMatchObject({
      utmSource: "x".repeat(100),
      utmCampaign: null,
      source: "x".repeat(100),
    });
  });

  it("reads campaign tags from a query string, and filter values in the labels' own form", () => {
    expect(utmOf("?utm_source=Mail&utm_medium=email&utm_campaign=spring&x=1")).toEqual({
      utmSource: "Mail",
      utmMedium: "email",
      utmCampaign: "spring",
    });
    expect(sourceFilterOf(" Google.com ")).toBe("google.com");
    expect(sourceFilterOf("")).toBeUndefined();
    expect(sourceFilterOf(null)).toBeUndefined();
  });
});
