import { mapUrl } from "../../domain/map-link.ts";
import type { MeetingLocation, PublicLocation } from "../../domain/meeting-location.ts";
import { inviteLocation } from "../../domain/meeting-location-texts.ts";
import { el } from "./booking-helpers.ts";

/**
 * What the booking page says about a call besides its time (docs/booking.md, "The pages"):
 * where it happens, and, once booked, the buttons that add it to a calendar. Only the
 * booking island imports it.
 */

const newTab = { target: "_blank", rel: "noopener" };

/** Where the call happens, as a line with a link where there is one (the room, a map). */
export function whereLine(
  location: PublicLocation | MeetingLocation,
  phone: string | null = null,
): (Node | string)[] {
  switch (location.type) {
    case "video":
      return "url" in location
        ? ["Video call: ", el("a", { href: location.url, ...newTab }, "join the meeting room"), "."]
        : ["Video call. The link to join comes with your confirmation."];
    case "phone":
      return [phone ? `Phone call: we'll call you on ${phone}.` : "Phone call: we'll call you."];
    case "in-person":
      return [
        `In person, at ${location.address}. `,
        el(
          "a",
          { href: mapUrl(location.address), ...newTab },
          "Map",
          el("span", { class: "sr-only" }, " of the address (opens in a new tab)"),
        ),
      ];
  }
}

/** `20261130T150000Z`: a UTC time as calendar links write it. */
const stamp = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d+/, "");

/**
 * "Add to calendar": Google Calendar and Outlook through their own links (opened in a new
 * tab), and a file any other program opens (GET /api/booking/{token}/calendar.ics).
 */
export function calendarButtons(
  booking: {
    start: string;
    end: string;
    manageUrl: string;
    location: MeetingLocation | null;
    phone: string | null;
  },
  title: string,
): HTMLElement {
  const where = booking.location ? inviteLocation(booking.location, booking.phone) : "";
  const details = `To move or cancel it: ${booking.manageUrl}`;
  const google = new URLSearchParams({
    action: "TEMPLATE",
    text: title,
    dates: `${stamp(booking.start)}/${stamp(booking.end)}`,
    details,
    location: where,
  });
  const outlook = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: title,
    startdt: booking.start,
    enddt: booking.end,
    body: details,
    location: where,
  });
  const token = new URL(booking.manageUrl, location.href).pathname.split("/").at(-1) ?? "";
  const link = (href: string, text: string, tab: boolean) =>
    el(
      "a",
      { href, class: "booking-action", ...(tab ? newTab : { download: "free-call.ics" }) },
      text,
      ...(tab ? [el("span", { class: "sr-only" }, " (opens in a new tab)")] : []),
    );
  return el(
    "div",
    { role: "group", "aria-labelledby": "booking-add-title", class: "booking-stack" },
    el("p", { id: "booking-add-title", class: "booking-strong" }, "Add it to your calendar"),
    el(
      "div",
      { class: "booking-actions" },
      link(`https://calendar.google.com/calendar/render?${google}`, "Google Calendar", true),
      link(`https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`, "Outlook", true),
      link(
        `/api/booking/${encodeURIComponent(token)}/calendar.ics`,
        "Apple Calendar & others (.ics)",
        false,
      ),
    ),
  );
}
