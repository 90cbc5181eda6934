import { describe, expect, it } from "vitest";
import { loggedPath } from "./logging.ts";

describe("the path a request is logged by", () => {
  it("drops the query and masks a booking's manage token", () => {
    expect(loggedPath("/api/leads?q=Jane")).toBe("/api/leads");
    expect(loggedPath("/booking/abcDEF_123-x")).toBe("/booking/[token]");
    expect(loggedPath("/api/booking/abcDEF_123-x")).toBe("/api/booking/[token]");
    expect(loggedPath("/api/booking/abcDEF_123-x/reschedule")).toBe(
      "/api/booking/[token]/reschedule",
    );
  });

  it("keeps the booking API's own names", () => {
    for (const path of ["/api/booking/slots", "/api/booking/availability", "/api/booking/prefill"])
      expect(loggedPath(`${path}?from=2026-11-30`)).toBe(path);
    expect(loggedPath("/api/booking")).toBe("/api/booking");
    expect(loggedPath("/book")).toBe("/book");
  });
});
