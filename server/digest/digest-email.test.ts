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
  ReplyUnreadAt: null,
  Value: null,
  ClosedAt: null,
  EntryPage: null,
  AssignedTo: null,
  ...overrides,
});

const nora = {
  id: "0190a1b2-0000-7000-8000-00000000000f",
  email: "nora@fineline.studio",
  firstName: "Nora",
};

describe("the digest e-mail", () => {
  const settings = {
    to: nora,
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
    expect(email.subject).toBe("Your morning: 1 new lead");
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text).not.toContain("\r\nBcc:");
    expect(email.text).toContain(
      "https://fineline.studio/admin/leads?lead=0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
    );
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
    expect(email.subject).toBe("Your morning: 21 overdue");
    expect(email.text).toContain("Follow-ups overdue (21)");
    expect(email.text).toContain("…and 20 more in the tracker.");
  });

  it("says days as the tracker does, and links each lead to itself in the tracker", () => {
    const email = digestEmail(
      {
        date: "2027-01-04",
        unread: [],
        unreadCount: 0,
        overdue: [
          lead({ ID: "0190a1b2-0000-7000-8000-000000000001", NextFollowUp: "2026-12-28" }),
          lead({ ID: "0190a1b2-0000-7000-8000-000000000002", NextFollowUp: "2027-01-01" }),
        ],
        overdueCount: 2,
        dueToday: [],
        dueTodayCount: 0,
      },
      settings,
    );
    expect(email.text).toContain(
      "Good morning, Nora. Here is where your leads stand on Mon, Jan 4.",
    );
    expect(email.html).toContain("<strong>Mon, Jan 4</strong>");
    // Last year's date says its year; this year's does not.
    expect(email.text).toContain("was due Mon, Dec 28, 2026");
    expect(email.text).toContain("was due Fri, Jan 1\n");
    expect(email.text).not.toContain("2027-01");
    for (const id of [
      "0190a1b2-0000-7000-8000-000000000001",
      "0190a1b2-0000-7000-8000-000000000002",
    ]) {
      expect(email.text).toContain(`https://fineline.studio/admin/leads?lead=${id}`);
      expect(email.html).toContain(`href="https://fineline.studio/admin/leads?lead=${id}"`);
    }
  });
});

describe("a person's own digest", () => {
  const empty = {
    unread: [],
    unreadCount: 0,
    overdue: [],
    overdueCount: 0,
    dueToday: [],
    dueTodayCount: 0,
  };
  const settings = {
    to: nora,
    notifyEmail: "studio@fineline.studio",
    siteUrl: "https://fineline.studio",
    now: new Date("2026-11-23T13:00:00.000Z"),
  };

  it("goes to the person's own address, from the studio's, with a Message-ID of the day and the person", () => {
    const email = digestEmail(
      { date: "2026-11-23", ...empty, unread: [lead({})], unreadCount: 1 },
      settings,
    );
    expect(email.to).toBe("nora@fineline.studio");
    expect(email.from.address).toBe("studio@fineline.studio");
    expect(email.messageId).toBe(`<digest-2026-11-23-${nora.id}@fineline.studio>`);
    expect(email.text).toContain("Good morning, Nora. Here is where your leads stand");
    expect(email.text).not.toContain("No one's yet");
    expect(email.text).not.toContain("NO ONE'S YET");
  });

  it("keeps an owner's leads no one has yet apart, under their own heading and count", () => {
    const email = digestEmail(
      {
        date: "2026-11-23",
        ...empty,
        overdue: [lead({ FirstName: "Mine", NextFollowUp: "2026-11-20" })],
        overdueCount: 1,
        unassigned: {
          ...empty,
          unread: [lead({ ID: "0190a1b2-0000-7000-8000-0000000000bb", FirstName: "Nobodys" })],
          unreadCount: 2,
        },
      },
      settings,
    );
    expect(email.subject).toBe("Your morning: 1 overdue; no one's yet: 2 new leads");
    const [mine, noOnes] = email.text.split("NO ONE'S YET");
    expect(mine).toContain("Follow-ups overdue (1)\n- Mine Baker");
    expect(mine).not.toContain("Nobodys");
    expect(noOnes).toContain("Leads without an owner");
    expect(noOnes).toContain("New leads, not yet read (2)\n- Nobodys Baker");
    expect(noOnes).toContain("…and 1 more in the tracker.");
    expect(noOnes).toContain(
      "https://fineline.studio/admin/leads?lead=0190a1b2-0000-7000-8000-0000000000bb",
    );
    expect(email.html).toMatch(/<h2[^>]*>No one&#39;s yet<\/h2>/);
  });

  it("says so when only the leads no one has yet need the owner", () => {
    const email = digestEmail(
      {
        date: "2026-11-23",
        ...empty,
        unassigned: {
          ...empty,
          dueToday: [lead({ NextFollowUp: "2026-11-23" })],
          dueTodayCount: 1,
        },
      },
      settings,
    );
    expect(email.subject).toBe("Your morning: no one's yet: 1 due today");
    expect(email.text).toContain("Nothing of yours needs you today.");
    expect(email.text).toContain("Follow-ups due today (1)");
  });
});

describe("the digest's calls", () => {
  it("lists the day's calls first, on the owner's clock, and counts them in the subject", () => {
    const email = digestEmail(
      {
        date: "2026-11-30",
        unread: [],
        unreadCount: 0,
        overdue: [],
        overdueCount: 0,
        dueToday: [],
        dueTodayCount: 0,
        meetings: [
          {
            ID: "0190a1b2-0000-7000-8000-0000000000aa",
            LeadID: "0190a1b2-0000-7000-8000-000000000001",
            FirstName: "Rosa",
            LastName: "Delgado",
            Email: "rosa@bakery.example",
            start: "2026-11-30T15:00:00.000Z",
            end: "2026-11-30T15:30:00.000Z",
            status: "booked",
            cancelledBy: null,
            location: null,
            Phone: null,
          },
        ],
      },
      {
        to: nora,
        notifyEmail: "owner@fineline.studio",
        siteUrl: "https://fineline.studio",
        now: new Date("2026-11-30T13:00:00.000Z"),
        timeZone: "America/New_York",
      },
    );
    expect(email.subject).toBe("Your morning: 1 call");
    expect(email.text).toContain(
      "Calls today (1)\n- Rosa Delgado <rosa@bakery.example>, at 10:00 AM",
    );
    expect(email.text).toContain(
      "https://fineline.studio/admin/leads?lead=0190a1b2-0000-7000-8000-000000000001",
    );
  });

  it("lists the replies not yet read, after the day's calls, and counts them", () => {
    const email = digestEmail(
      {
        date: "2026-11-23",
        unread: [],
        unreadCount: 0,
        overdue: [],
        overdueCount: 0,
        dueToday: [],
        dueTodayCount: 0,
        replies: [lead({ CommStatus: "CONVERSING", ReplyUnreadAt: "2026-11-23T10:00:00.000Z" })],
        repliesCount: 1,
      },
      {
        to: nora,
        notifyEmail: "owner@fineline.studio",
        siteUrl: "https://fineline.studio",
        now: new Date("2026-11-23T13:00:00.000Z"),
      },
    );
    expect(email.subject).toBe("Your morning: 1 reply");
    expect(email.text).toContain(
      "Replies, not yet read (1)\n- Rosa Baker <rosa@bakery.example>, wrote back 3 h ago",
    );
  });
});
