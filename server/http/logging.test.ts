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

  it("masks a guest's registration link", () => {
    const token = "0199a3b2-0000-7000-8000-000000000001.abcDEF_123-x";
    expect(loggedPath(`/registration/${token}`)).toBe("/registration/[token]");
    expect(loggedPath(`/api/registrations/${token}`)).toBe("/api/registrations/[token]");
    expect(loggedPath(`/api/registrations/${token}/cancel`)).toBe(
      "/api/registrations/[token]/cancel",
    );
    // An event's own registrations (the admin's) carry no secret.
    expect(loggedPath("/api/events/meetup/registrations")).toBe("/api/events/meetup/registrations");
  });

  it("keeps the booking API's own names", () => {
    for (const path of ["/api/booking/slots", "/api/booking/availability", "/api/booking/prefill"])
      expect(loggedPath(`${path}?from=2026-11-30`)).toBe(path);
    expect(loggedPath("/api/booking")).toBe("/api/booking");
    expect(loggedPath("/book")).toBe("/book");
  });
});
