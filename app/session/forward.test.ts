import { describe, expect, it } from "vitest";
import { defaultForward, loginPath, safeForward } from "./forward.ts";

describe("safeForward", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeForward("/admin")).toBe("/admin");
    expect(safeForward("/admin/leads?q=rosa#lead-1")).toBe("/admin/leads?q=rosa#lead-1");
    expect(safeForward("/about")).toBe("/about");
  });

  it("falls back to /home for anything missing or off-site", () => {
    const hostile = [
      null,
      undefined,
      "",
      "admin",
      "https://evil.example/admin",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
      " /admin",
      `/${"a".repeat(2001)}`,
      // Values that only leave the site once normalised (the security review's open redirect).
      "/.//evil.example",
      "/%2e//evil.example",
      "/%2E//evil.example",
      "/admin/..//evil.example",
      "/admin/%2e%2e//evil.example",
      "/./\\evil.example",
      "/.%2f/evil.example/../..//evil.example",
    ];
    for (const value of hostile) expect(safeForward(value), String(value)).toBe(defaultForward);
  });

  it("keeps encoded slashes and backslashes as a path on this site", () => {
    for (const value of ["/%2F%2Fevil.example", "/%5C%5Cevil.example", "/%2f/evil.example"]) {
      const forward = safeForward(value);
      expect(forward.startsWith("/") && !/^\/[/\\]/.test(forward), value).toBe(true);
      expect(new URL(forward, "https://fineline.invalid").origin).toBe("https://fineline.invalid");
    }
  });

  it("never forwards back to the login or logout screens", () => {
    expect(safeForward("/login?forward=/admin")).toBe(defaultForward);
    expect(safeForward("/logout")).toBe(defaultForward);
    for (const spelling of [
      "/Logout",
      "/logout/",
      "/%6cogout",
      "/LOGIN?forward=/admin",
      "/login//",
    ])
      expect(safeForward(spelling), spelling).toBe(defaultForward);
  });
});

describe("loginPath", () => {
  it("reads like the spec's /login?forward=/admin and round-trips any path", () => {
    expect(loginPath("/admin")).toBe("/login?forward=/admin");
    expect(loginPath("/admin/leads")).toBe("/login?forward=/admin/leads");
    const tricky = "/admin/leads?q=a&b=c d#x";
    const url = new URL(loginPath(tricky), "https://x.invalid");
    expect(url.searchParams.get("forward")).toBe(tricky);
  });
});
