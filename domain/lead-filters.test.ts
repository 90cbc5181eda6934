import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  filtersFor,
  leadFiltersOf,
  leadFiltersSearch,
  leadListQuery,
  parseLeadFilters,
  searchMaxLength,
} from "./lead-filters.ts";

const fromUrl = (search: string) => parseLeadFilters(new URLSearchParams(search));

describe("the tracker's filters", () => {
  it("read a URL's query: known values kept, trimmed and cut; unknown, empty or off ones dropped", () => {
    expect(fromUrl("")).toEqual({});
    expect(
      fromUrl("q=%20%20bakery%20%20&comm=REPLIED&lead=HOT&due=today&source=Google&active=1"),
    ).toEqual({
      q: "bakery",
      comm: "REPLIED",
      lead: "HOT",
      due: "today",
      source: "google",
      active: true,
    });
    expect(fromUrl("comm=replied&lead=LUKEWARM&due=someday&active=yes&q=%20&source=")).toEqual({});
    expect(fromUrl("active=true").active).toBe(true);
    expect(fromUrl(`q=${"a".repeat(300)}`).q).toHaveLength(searchMaxLength);
  });

  it("read whose leads: me, none or a person's ID (lowercased); anything else is no filter", () => {
    const id = "0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5B";
    expect(fromUrl("assigned=me")).toEqual({ assigned: "me" });
    expect(fromUrl("assigned=NONE")).toEqual({ assigned: "none" });
    expect(fromUrl(`assigned=${id}`)).toEqual({ assigned: id.toLowerCase() });
    expect(fromUrl("assigned=mia")).toEqual({});
    expect(leadFiltersSearch({ assigned: "me" })).toBe("assigned=me");
    // The server puts the caller in place of "me"; without one, it means no one's.
    expect(filtersFor({ assigned: "me", q: "x" }, "u1")).toEqual({ assigned: "u1", q: "x" });
    expect(filtersFor({ assigned: "me" }, null)).toEqual({ assigned: "none" });
    expect(filtersFor({ assigned: "none" }, "u1")).toEqual({ assigned: "none" });
  });

  it("take the first of repeated values, as a browser's address bar would show it", () => {
    expect(fromUrl("comm=DEAD&comm=REPLIED&q=one&q=two")).toEqual({ comm: "DEAD", q: "one" });
  });

  it("read the API's query the same way: one reader for the page, the routes and the export", () => {
    const query = z.parse(leadListQuery, {
      q: "  orders ",
      comm: "NOPE",
      source: " Newsletter ",
      active: "0",
      limit: "20",
    });
    expect(query.limit).toBe(20);
    expect(leadFiltersOf(query)).toEqual({ q: "orders", source: "newsletter" });
    // A repeated parameter arrives as a list: ignored, never a 400.
    expect(leadFiltersOf(z.parse(leadListQuery, { comm: ["DEAD", "UNREAD"] }))).toEqual({});
  });

  it("write the URL form that reads back as the same filters", () => {
    const filters = {
      q: "shop & café",
      comm: "CONVERSING",
      due: "week",
      source: "flyer",
      active: true,
    } as const;
    const search = leadFiltersSearch(filters);
    expect(search).toBe("q=shop+%26+caf%C3%A9&comm=CONVERSING&due=week&source=flyer&active=1");
    expect(fromUrl(search)).toEqual(filters);
    // "Active only" is Follow Up With's alone: New Leads are asked for without it.
    expect(leadFiltersSearch(filters, { withActive: false })).not.toContain("active");
    expect(leadFiltersSearch({})).toBe("");
  });
});
