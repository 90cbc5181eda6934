import { describe, expect, it } from "vitest";
import { statusText } from "./status-chip.tsx";

describe("an entry's status in words", () => {
  it("says when a scheduled entry goes live, on the owner's clock with the zone", () => {
    expect(
      statusText({ status: "scheduled", publishAt: "2027-01-21T14:00:00Z" }, "America/New_York"),
    ).toBe("Scheduled for Jan 21, 2027, 9:00 AM EST");
  });

  it("tells a published entry with newer text from one that is current", () => {
    const published = { status: "published", publishAt: null } as const;
    expect(statusText(published, "UTC")).toBe("Published");
    expect(statusText({ ...published, changedSincePublished: true }, "UTC")).toBe(
      "Changed since published",
    );
    expect(statusText({ status: "draft", publishAt: null }, "UTC")).toBe("Draft");
  });
});
