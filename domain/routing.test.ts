import { describe, expect, it } from "vitest";
import { findRedirect, isClientRenderedPath, normalizePath, redirectTable } from "./routing.ts";

describe("redirect table", () => {
  it.each([
    ["/guides/wordpress", "/guides#wordpress"],
    ["/blog", "/secret/blog"],
    ["/secret/blog/building", "/secret/blog#building"],
    ["/canvases", "/previous-work"],
    ["/canvases/story-circle", "/previous-work"],
  ])("sends %s to %s", (from, to) => {
    expect(findRedirect(from)).toBe(to);
    expect(findRedirect(`${from}/`)).toBe(to);
  });

  it("has exactly the five redirects of the spec", () => {
    expect(Object.keys(redirectTable)).toHaveLength(5);
  });

  it("does not redirect real pages or near misses", () => {
    for (const path of ["/", "/guides", "/secret/blog", "/canvases/other", "/BLOG"]) {
      expect(findRedirect(path)).toBeNull();
    }
  });
});

describe("client-rendered paths", () => {
  it("covers the auth screens and everything under /admin", () => {
    for (const path of [
      "/login",
      "/signup",
      "/logout",
      "/access-denied",
      "/admin",
      "/admin/",
      "/admin/leads",
    ]) {
      expect(isClientRenderedPath(path)).toBe(true);
    }
  });

  it("excludes public pages and look-alikes", () => {
    for (const path of ["/", "/about", "/administrator", "/login-help", "/secret/blog"]) {
      expect(isClientRenderedPath(path)).toBe(false);
    }
  });

  it("normalizes one trailing slash but keeps the root", () => {
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("/about/")).toBe("/about");
  });
});
