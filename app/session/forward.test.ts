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
    ];
    for (const value of hostile) expect(safeForward(value), String(value)).toBe(defaultForward);
  });

  it("never forwards back to the login or logout screens", () => {
    expect(safeForward("/login?forward=/admin")).toBe(defaultForward);
    expect(safeForward("/logout")).toBe(defaultForward);
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
