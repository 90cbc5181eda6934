import { describe, expect, it } from "vitest";
import type { Entry } from "./content-api.ts";
import {
  draftToFields,
  emptyDraft,
  entryToDraft,
  isoToZonedInput,
  validateDraft,
  zonedInputToIso,
} from "./entry-form.ts";

const common = {
  id: "e1",
  slug: "an-evening",
  status: "draft",
  version: 3,
  publishAt: null,
  publishedAt: null,
  url: null,
  updatedAt: "2026-11-20T10:00:00Z",
  updatedBy: { name: "Ana", email: "ana@example.com" },
  body: "# Hello\n",
} as const;

const event: Entry = {
  ...common,
  type: "event",
  title: "WordPress clinic night",
  description: "An evening of answers about your WordPress site, with coffee and a projector.",
  start: "2027-01-21T18:00:00-05:00",
  end: "2027-01-21T20:00:00-05:00",
  format: "in-person",
  venue: {
    name: "The Hall",
    street: "1 Bay St",
    locality: "Savannah",
    region: "GA",
    postalCode: "31401",
    country: "US",
  },
  price: "Free",
  capacity: 30,
  announced: "2026-12-01",
};

describe("schedule times in the owner's zone", () => {
  it("reads a wall-clock time in New York with its offset, across daylight saving", () => {
    expect(zonedInputToIso("2027-01-21T18:00", "America/New_York")).toBe(
      "2027-01-21T18:00:00-05:00",
    );
    expect(zonedInputToIso("2027-07-04T09:30", "America/New_York")).toBe(
      "2027-07-04T09:30:00-04:00",
    );
    expect(zonedInputToIso("2027-01-21T18:00", "UTC")).toBe("2027-01-21T18:00:00+00:00");
  });

  it("reads a time the clocks skip as the standard time it names, and refuses non-times", () => {
    // 2:30 EST is the same instant as 3:30 EDT: the event keeps the length the owner meant.
    expect(zonedInputToIso("2027-03-14T02:30", "America/New_York")).toBe(
      "2027-03-14T03:30:00-04:00",
    );
    expect(zonedInputToIso("tomorrow", "UTC")).toBeNull();
  });

  it("shows an instant on the owner's clock, whatever zone it was written in", () => {
    expect(isoToZonedInput("2027-01-21T23:00:00Z", "America/New_York")).toBe("2027-01-21T18:00");
  });
});

describe("entry ↔ form", () => {
  it("round-trips an event, venue nested and times in the owner's zone", () => {
    const draft = entryToDraft(event, "America/New_York");
    expect(draft.values["venue.locality"]).toBe("Savannah");
    expect(draft.values.start).toBe("2027-01-21T18:00");
    expect(draft.values.capacity).toBe("30");
    const { id: _id, type: _t, slug: _s, body: _b, ...rest } = event;
    const fields = draftToFields("event", draft, "America/New_York");
    for (const key of Object.keys(fields)) expect(fields[key]).toEqual(rest[key]);
    expect(validateDraft("event", draft, "America/New_York")).toEqual({});
  });

  it("splits tags and lines, and leaves empty optional fields out", () => {
    const draft = emptyDraft("case-study");
    draft.values.stack = "React, Fastify ,";
    draft.values.results = "3× | more enquiries\n40% | faster pages";
    const fields = draftToFields("case-study", draft, "UTC");
    expect(fields.stack).toEqual(["React", "Fastify"]);
    expect(fields.results).toEqual([
      { value: "3×", label: "more enquiries" },
      { value: "40%", label: "faster pages" },
    ]);
    expect("images" in fields).toBe(false);
  });

  it("puts the schema's messages beside their fields, before sending", () => {
    const draft = entryToDraft(event, "UTC");
    draft.slug = "Not A Slug";
    draft.values["venue.name"] = "";
    draft.values.description = "Too short";
    const errors = validateDraft("event", draft, "UTC");
    expect(errors.slug).toMatch(/lowercase/);
    expect(errors.description).toMatch(/at least 50/);
    expect(errors["venue.name"]).toBeDefined();
  });

  it("names a cross-field rule's field once the fields themselves pass", () => {
    const draft = entryToDraft(event, "UTC");
    draft.values.end = "2027-01-21T10:00";
    expect(validateDraft("event", draft, "UTC")).toEqual({ end: "must be after start" });
  });
});
