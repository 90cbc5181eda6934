import { describe, expect, it } from "vitest";
import type { StoredLead } from "../../domain/lead-record.ts";
import { digestEmail } from "./digest-email.ts";

const lead = (overrides: Partial<StoredLead>): StoredLead => ({
  ID: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  FirstName: "Rosa",
  LastName: "Baker",
  Email: "rosa@bakery.example",
  Message: "",
  ContactedUs: true,
  LeadStatus: "WARM",
  CommStatus: "UNREAD",
  Notes: "",
  SourcePage: "/",
  CreatedAt: "2026-11-23T10:00:00.000Z",
  UpdatedAt: "2026-11-23T10:00:00.000Z",
  NextFollowUp: null,
  Referrer: null,
  UtmSource: null,
  UtmMedium: null,
  UtmCampaign: null,
  Source: "direct",
  ...overrides,
});

describe("the digest e-mail", () => {
  const settings = {
    notifyEmail: "owner@fineline.studio",
    siteUrl: "https://fineline.studio",
    now: new Date("2026-11-23T13:00:00.000Z"),
  };

  it("escapes what visitors wrote in its HTML, and keeps it out of the headers", () => {
    const hostile = lead({
      FirstName: '<img src=x onerror="alert(1)">',
      LastName: "Baker\r\nBcc: spy@evil.example",
      Email: "o'brien+site@bakery.example",
    });
    const email = digestEmail(
      {
        date: "2026-11-23",
        unread: [hostile],
        unreadCount: 1,
        overdue: [],
        overdueCount: 0,
        dueToday: [],
        dueTodayCount: 0,
      },
      settings,
    );
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(email.html).toContain("o&#39;brien+site@bakery.example");
    expect(email.subject).toBe("Leads today: 1 new lead");
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text).not.toContain("\r\nBcc:");
    expect(email.text).toContain("?q=o'brien%2Bsite%40bakery.example");
  });

  it("says how many more there are when it lists only the first ones", () => {
    const email = digestEmail(
      {
        date: "2026-11-23",
        unread: [],
        unreadCount: 0,
        overdue: [lead({ NextFollowUp: "2026-11-20", CommStatus: "REPLIED" })],
        overdueCount: 21,
        dueToday: [],
        dueTodayCount: 0,
      },
      settings,
    );
    expect(email.subject).toBe("Leads today: 21 overdue");
    expect(email.text).toContain("Follow-ups overdue (21)");
    expect(email.text).toContain("…and 20 more in the tracker.");
  });
});
