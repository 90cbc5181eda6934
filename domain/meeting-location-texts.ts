import type { LocationType, MeetingLocation, PublicLocation } from "./meeting-location.ts";

/**
 * Where calls happen, in words (docs/booking.md, "Where calls happen"): the messages, limits
 * and sentences, apart from the schemas in meeting-location.ts as booking-texts.ts is from
 * booking.ts, so the booking page's script says them without carrying the schema library.
 */

export const locationLimits = Object.freeze({ url: 500, address: 300, phone: 30 });

export const locationTexts = Object.freeze({
  badType: 'Where calls happen must be "video", "phone" or "in-person".',
  badUrl: "Enter the meeting room's link, starting with https:// (500 characters at most).",
  badAddress: `Enter the address where you meet, on one line (${locationLimits.address} characters at most).`,
  phoneRequired: "Enter the phone number we should call you on.",
  badPhone:
    "Enter a phone number of 7 to 15 digits; spaces, dashes, dots, brackets and a leading + are fine.",
});

/** The kind of call, as a heading or a list says it. */
export const locationKind: Record<LocationType, string> = {
  video: "Video call",
  phone: "Phone call",
  "in-person": "In person",
};

/**
 * Where a call happens, in a sentence for its visitor (pages, e-mails) or its owner: the
 * room's link, who calls whom, or the address. `phone` is the number the visitor gave.
 */
export function locationSentence(
  location: PublicLocation | MeetingLocation,
  { to, phone }: { to: "visitor" | "owner"; phone?: string | null },
): string {
  switch (location.type) {
    case "video":
      return "url" in location
        ? `By video, in our meeting room: ${location.url}`
        : "By video. The link to join comes with your confirmation.";
    case "phone":
      if (to === "owner") return phone ? `By phone: call them on ${phone}.` : "By phone.";
      return phone ? `By phone: we'll call you on ${phone}.` : "By phone: we'll call you.";
    case "in-person":
      return `In person, at ${location.address}`;
  }
}

/** The invite's LOCATION: the link, the number to call, or the address. */
export function inviteLocation(location: MeetingLocation, phone: string | null): string {
  if (location.type === "video") return location.url;
  if (location.type === "in-person") return location.address;
  return phone ? `Phone: ${phone}` : "Phone";
}
