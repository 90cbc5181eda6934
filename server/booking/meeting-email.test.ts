import { describe, expect, it } from "vitest";
import { meetingEmail } from "./meeting-email.ts";

const meeting = {
  id: "0190a1b2-0000-7000-8000-000000000001",
  start: "2026-11-30T15:00:00.000Z",
  end: "2026-11-30T15:30:00.000Z",
  sequence: 0,
  location: null,
  visitor: {
    firstName: "Rosa\r\nBcc: evil@x.example",
    lastName: "<b>Delgado</b>",
    email: "rosa@bakery.example",
    timeZone: "Europe/Madrid",
    phone: null,
  },
};
const options = {
  notifyEmail: "owner@fineline.studio",
  siteUrl: "https://fineline.studio",
  ownerTimeZone: "America/New_York",
  manageUrl: "https://fineline.studio/booking/abc",
  leadUrl: "https://fineline.studio/admin/leads?lead=1",
  now: new Date("2026-11-26T13:00:00.000Z"),
};
/** The unfolded lines of an iCalendar text, as a reader sees them. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("meeting e-mails", () => {
  it("invites the visitor in their zone with a REQUEST, the manage link and nothing they typed", () => {
    const email = meetingEmail("booked", meeting, { ...options, to: "visitor" });
    expect(email.to).toBe("rosa@bakery.example");
    expect(email.subject).toBe("Your free call is booked");
    // 10:00 in New York is 16:00 in Madrid.
    expect(email.text).toContain("booked for Mon, Nov 30, 4:00 PM (Europe/Madrid)");
    expect(email.text).toContain("To move or cancel it: https://fineline.studio/booking/abc");
    expect(email.html).not.toContain("<b>Delgado");
    expect(email.calendar?.method).toBe("REQUEST");
    const lines = unfold(email.calendar?.content ?? "");
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines).toContain(`UID:meeting-${meeting.id}@fineline.studio`);
    expect(lines).toContain("SEQUENCE:0");
    expect(lines).toContain("DTSTART:20261130T150000Z");
    expect(lines).toContain("DTEND:20261130T153000Z");
    expect(
      lines.some((line) =>
        line.startsWith('ORGANIZER;CN="Fineline Studio":mailto:owner@fineline.studio'),
      ),
    ).toBe(true);
    expect(
      lines.some(
        (line) =>
          line.startsWith("ATTENDEE") && line.toLowerCase().endsWith("mailto:rosa@bakery.example"),
      ),
    ).toBe(true);
    // A line break in a name never becomes a new property or header.
    expect(lines.some((line) => line.startsWith("Bcc"))).toBe(false);
  });

  it("tells the owner in the owner's zone, and cancels with the same UID and a higher SEQUENCE", () => {
    const owner = meetingEmail("booked", meeting, { ...options, to: "owner" });
    expect(owner.to).toBe("owner@fineline.studio");
    expect(owner.text).toContain("booked a call for Mon, Nov 30, 10:00 AM (America/New York)");
    expect(owner.text).toContain("Lead: https://fineline.studio/admin/leads?lead=1");
    expect(owner.subject).not.toMatch(/[\r\n]/);

    const cancelled = meetingEmail(
      "cancelled",
      { ...meeting, sequence: 2 },
      { ...options, to: "visitor" },
    );
    const lines = unfold(cancelled.calendar?.content ?? "");
    expect(cancelled.calendar?.method).toBe("CANCEL");
    expect(lines).toContain("METHOD:CANCEL");
    expect(lines).toContain("STATUS:CANCELLED");
    expect(lines).toContain("SEQUENCE:2");
    expect(lines).toContain(`UID:meeting-${meeting.id}@fineline.studio`);

    const reminder = meetingEmail("reminder", meeting, { ...options, to: "visitor" });
    expect(reminder.calendar).toBeUndefined();
    expect(reminder.subject).toBe("Reminder: your free call");
  });

  it("says where the call happens, and puts it in the invite's LOCATION (and URL for video)", () => {
    const room = "https://meet.example.com/fineline-studio";
    const video = { ...meeting, location: { type: "video" as const, url: room } };
    const booked = meetingEmail("booked", video, { ...options, to: "visitor" });
    expect(booked.text).toContain(`By video, in our meeting room: ${room}`);
    const lines = unfold(booked.calendar?.content ?? "");
    expect(lines).toContain(`LOCATION:${room}`);
    expect(lines).toContain(`URL;VALUE=URI:${room}`);
    // The manage link is still in the invite, in its description.
    expect(
      lines.some((line) => line.startsWith("DESCRIPTION:") && line.includes("/booking/abc")),
    ).toBe(true);
    const reminder = meetingEmail("reminder", video, { ...options, to: "visitor" });
    expect(reminder.text).toContain(room);

    const phone = {
      ...meeting,
      location: { type: "phone" as const },
      visitor: { ...meeting.visitor, phone: "+1 555 010 0199" },
    };
    expect(meetingEmail("booked", phone, { ...options, to: "visitor" }).text).toContain(
      "By phone: we'll call you on +1 555 010 0199.",
    );
    const owner = meetingEmail("booked", phone, { ...options, to: "owner" });
    expect(owner.text).toContain("By phone: call them on +1 555 010 0199.");
    expect(unfold(owner.calendar?.content ?? "")).toContain("LOCATION:Phone: +1 555 010 0199");

    const office = {
      ...meeting,
      location: { type: "in-person" as const, address: "12 Harbor St, Portland, ME 04101" },
    };
    const moved = meetingEmail("moved", office, { ...options, to: "visitor" });
    expect(moved.text).toContain("In person, at 12 Harbor St, Portland, ME 04101");
    // iCalendar escapes the commas of an address.
    expect(unfold(moved.calendar?.content ?? "")).toContain(
      "LOCATION:12 Harbor St\\, Portland\\, ME 04101",
    );
    // A cancellation says nothing of where.
    const cancelled = meetingEmail("cancelled", office, { ...options, to: "visitor" });
    expect(cancelled.text).not.toContain("Harbor");
  });
});
