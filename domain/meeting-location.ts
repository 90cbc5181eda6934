import * as z from "zod/mini";
import { hasControlCharacter } from "./api.ts";
import { locationLimits, locationTexts } from "./meeting-location-texts.ts";

/**
 * Where booked calls happen (docs/booking.md, "Where calls happen"): the owner's one meeting
 * room link, a phone call to the number the visitor gives when booking, or an address. Set
 * with the availability; each meeting keeps the place it was booked with, so a later change
 * never rewrites an invite already sent.
 */

// A value typed on one line: no control characters (a NUL, a line break that could add a
// field to an invite or a header to an e-mail).
const oneLine = (value: string) => !hasControlCharacter(value);

const isHttpsUrl = (value: string) => {
  if (!oneLine(value) || value.length > locationLimits.url) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && url.username === "";
  } catch {
    return false;
  }
};

const videoLocation = z.object({
  type: z.literal("video"),
  url: z
    .string({ error: locationTexts.badUrl })
    .check(
      z.trim(),
      z.refine(isHttpsUrl, { error: locationTexts.badUrl }),
      z.describe("The owner's meeting room (https://…), given to a visitor once booked."),
    ),
});
const phoneLocation = z.object({ type: z.literal("phone") });
const inPersonLocation = z.object({
  type: z.literal("in-person"),
  address: z
    .string({ error: locationTexts.badAddress })
    .check(
      z.trim(),
      z.minLength(1, { error: locationTexts.badAddress }),
      z.maxLength(locationLimits.address, { error: locationTexts.badAddress }),
      z.refine(oneLine, { error: locationTexts.badAddress }),
    ),
});

export const meetingLocation = z
  .discriminatedUnion("type", [videoLocation, phoneLocation, inPersonLocation], {
    error: locationTexts.badType,
  })
  .register(z.globalRegistry, {
    id: "MeetingLocation",
    description:
      'Where calls happen: { "type": "video", "url" }, { "type": "phone" } (the visitor\'s number is asked when booking) or { "type": "in-person", "address" }.',
  });
export type MeetingLocation = z.output<typeof meetingLocation>;
export type LocationType = MeetingLocation["type"];

/** What the booking page shows before a call is booked: never the room's link. */
export const publicLocation = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("video") }),
    phoneLocation,
    inPersonLocation,
  ])
  .register(z.globalRegistry, {
    id: "PublicMeetingLocation",
    description:
      "Where calls happen, as the booking page shows it: a video call's link is sent once booked.",
  });
export type PublicLocation = z.output<typeof publicLocation>;

export const toPublicLocation = (location: MeetingLocation): PublicLocation =>
  location.type === "video" ? { type: "video" } : location;

const phoneDigits = (value: string) => value.replace(/\D/g, "").length;

/** A visitor's phone number as typed: digits and the usual punctuation, 7 to 15 digits. */
export const visitorPhone = z.string({ error: locationTexts.badPhone }).check(
  z.trim(),
  z.maxLength(locationLimits.phone, { error: locationTexts.badPhone }),
  z.refine(
    (value) =>
      value === "" ||
      (/^\+?[0-9 ().-]+$/.test(value) && phoneDigits(value) >= 7 && phoneDigits(value) <= 15),
    { error: locationTexts.badPhone },
  ),
  z.describe("The number to call, when calls are by phone; ignored otherwise."),
);
