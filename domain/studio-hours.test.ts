import { describe, expect, it } from "vitest";
import { defaultAvailability } from "./booking.ts";
import { builtInSite } from "./site.ts";
import { studioHours } from "./studio-hours.ts";

const closed = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};

describe("the studio's hours as pages say them", () => {
  it("says the default availability in the owner's zone", () => {
    expect(studioHours(defaultAvailability.weeklyHours, "America/New_York")).toBe(
      "Monday to Friday, 9:00 AM to 5:00 PM Eastern",
    );
    expect(studioHours(defaultAvailability.weeklyHours, "UTC")).toBe(
      "Monday to Friday, 9:00 AM to 5:00 PM UTC",
    );
    // A build states them in TIMEZONE as a server does (UTC without it, server/config.ts).
    expect(builtInSite.hours).toBe(
      studioHours(defaultAvailability.weeklyHours, process.env.TIMEZONE || "UTC"),
    );
  });

  it("groups days with the same periods, and names the zone", () => {
    const morning = [{ start: "08:30", end: "12:00" }];
    const split = [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "18:00" },
    ];
    expect(
      studioHours(
        {
          ...closed,
          monday: split,
          tuesday: split,
          wednesday: split,
          saturday: morning,
          sunday: morning,
        },
        "Europe/Berlin",
      ),
    ).toBe(
      "Monday to Wednesday, 9:00 AM to 12:00 PM and 1:00 PM to 6:00 PM; Saturday and Sunday, 8:30 AM to 12:00 PM Central European",
    );
  });

  it("is null for a week without hours", () => {
    expect(studioHours(closed, "America/New_York")).toBeNull();
  });
});
