import { describe, expect, it } from "vitest";
import {
  cleanReferrer,
  cleanText,
  leadSourceOf,
  siteNameOf,
  sourceFilterOf,
  utmOf,
} from "./lead-source.ts";

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
      source: "google",
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
    expect(sourceFilterOf(" Newsletter ")).toBe("newsletter");
    expect(sourceFilterOf("")).toBeUndefined();
    expect(sourceFilterOf(null)).toBeUndefined();
  });

  it("names a referring site, so a campaign and the site it came from read as one source", () => {
    const referred = (referrer: string) => leadSourceOf({ referrer }).source;
    expect(referred("https://google.com/")).toBe("google");
    expect(referred("https://www.google.co.uk/search")).toBe("google");
    expect(referred("https://news.ycombinator.com/item")).toBe("ycombinator");
    expect(referred("https://l.facebook.com/l.php")).toBe("facebook");
    expect(referred("https://m.facebook.com/")).toBe("facebook");
    expect(referred("https://www.abc.net.au/news")).toBe("abc");
    expect(referred("https://www.ox.ac.uk/")).toBe("ox");
    expect(referred("https://duckduckgo.com/")).toBe("duckduckgo");
    expect(referred("https://WWW.Bing.COM./")).toBe("bing");
    // The campaign still wins, and the full referrer stays as the detail.
    expect(
      leadSourceOf({ utmSource: "Google", referrer: "https://www.google.co.uk/search?q=x" }),
    ).toMatchObject({ source: "google", referrer: "https://www.google.co.uk/search" });
  });

  it("names shorteners after the site they belong to, and never a lookalike", () => {
    expect(siteNameOf("t.co")).toBe("twitter");
    expect(siteNameOf("x.com")).toBe("twitter");
    expect(siteNameOf("mobile.x.com")).toBe("twitter");
    expect(siteNameOf("twitter.com")).toBe("twitter");
    expect(siteNameOf("lnkd.in")).toBe("linkedin");
    expect(siteNameOf("www.linkedin.com")).toBe("linkedin");
    expect(siteNameOf("youtu.be")).toBe("youtube");
    expect(siteNameOf("m.youtube.com")).toBe("youtube");
    expect(siteNameOf("fb.me")).toBe("facebook");
    expect(siteNameOf("bit.ly")).toBe("bitly");
    expect(siteNameOf("t.me")).toBe("t");
    expect(siteNameOf("notx.com")).toBe("notx");
  });

  it("keeps an address, localhost or another single-label host as it is", () => {
    expect(leadSourceOf({ referrer: "http://192.168.1.20:8080/page" }).source).toBe("192.168.1.20");
    expect(leadSourceOf({ referrer: "http://[::1]:3000/" }).source).toBe("[::1]");
    expect(leadSourceOf({ referrer: "http://localhost:5173/" }).source).toBe("localhost");
    expect(leadSourceOf({ referrer: "http://intranet/wiki" }).source).toBe("intranet");
    expect(siteNameOf("co.uk")).toBe("co");
  });

  it("names a campaign's source written as a host or an address, and nothing else", () => {
    const tagged = (utmSource: string) => leadSourceOf({ utmSource }).source;
    expect(tagged("Facebook.com")).toBe("facebook");
    expect(tagged("https://www.linkedin.com/feed")).toBe("linkedin");
    expect(tagged("newsletter.v2")).toBe("newsletter.v2");
    expect(tagged("Spring Sale")).toBe("spring sale");
    expect(tagged("192.168.1.20")).toBe("192.168.1.20");
  });

  it("filters by a host or an address as by the site's name", () => {
    expect(sourceFilterOf(" Google.com ")).toBe("google");
    expect(sourceFilterOf("www.google.co.uk")).toBe("google");
    expect(sourceFilterOf("https://l.facebook.com/l.php?u=x")).toBe("facebook");
    expect(sourceFilterOf("t.co")).toBe("twitter");
    expect(sourceFilterOf("192.168.1.20")).toBe("192.168.1.20");
    expect(sourceFilterOf("newsletter.v2")).toBe("newsletter.v2");
  });

  it("gives every label a filter that finds it: the filter's form of a label is the label", () => {
    const visits = [
      { referrer: "https://news.ycombinator.com/" },
      { referrer: "https://www.google.co.uk/" },
      { referrer: "http://10.0.0.1/" },
      { referrer: "http://[::1]/" },
      { referrer: "http://localhost/" },
      { referrer: "https://a..b.com/" },
      { utmSource: "Facebook.com" },
      { utmSource: "https://t.co/x" },
      { utmSource: "news.letter.v2" },
      { utmSource: "Spring Sale" },
      { utmSource: "x".repeat(300) },
      {},
    ];
    for (const visit of visits) {
      const { source } = leadSourceOf(visit);
      expect(sourceFilterOf(source), JSON.stringify(visit)).toBe(source);
    }
  });
});
