import { limits } from "./limits.ts";

/**
 * The contact form's texts (docs/product.md, "Validation order and texts" and "Errors") and its
 * honeypot's name. Apart from the schema (contact.ts), so the no-JavaScript outcome pages can
 * show them without loading zod.
 */
export const contactTexts = Object.freeze({
  invalidEmail: "Invalid email. Please fix and try again",
  invalidFirstName: "Invalid first name. Please fix and try again",
  invalidLastName: "Invalid last name. Please fix and try again",
  success: "We'll be in touch shortly!",
  failure: "Submission failed. Please try again!",
  nameTooLong: `Names can be at most ${limits.name} characters. Please shorten and try again`,
  messageTooLong: `Messages can be at most ${limits.message.toLocaleString("en-US")} characters. Please shorten and try again`,
  invalidMessage:
    "Your message contains an invisible character we can't store. Please remove it and try again",
});

/**
 * How long a form token is judged, and its one use remembered: 30 days, so a tab left open for
 * days still sends a token that counts. Older, it counts as none; keeping used tokens longer
 * would only grow a table no bot is slowed by.
 */
export const formTokenMaxAgeMs = 30 * 24 * 60 * 60 * 1000;

/** Name of the invisible honeypot field; people never fill it, naive bots do. */
export const honeypotField = "company_website";

/**
 * The contact form's JSON answer carries its "Book a call now" pass in this header, so its body
 * stays the stable `{ message }` (ADR 022).
 */
export const bookingPassHeader = "Booking-Pass";
