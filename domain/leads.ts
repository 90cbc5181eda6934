/**
 * Leads: the spec's statuses, limits, contact-form rules and API shapes (spec sections 3–5, 7, 8).
 * One module, used by the contact form in the browser and by the API on the server.
 */

export const commStatuses = [
  "RESOLVED",
  "NO CONTACT",
  "DEAD",
  "UNREAD",
  "REPLIED",
  "CONVERSING",
] as const;
export const leadStatuses = ["CONVERTED", "ABANDONED", "COLD", "WARM", "HOT"] as const;
export type CommStatus = (typeof commStatuses)[number];
export type LeadStatus = (typeof leadStatuses)[number];

/** Spec section 9. */
export const limits = Object.freeze({
  email: 320,
  password: 60,
  username: 50,
  // Not in the spec: generous bounds so a request cannot store megabytes.
  name: 100,
  message: 5000,
});

export const contactTexts = Object.freeze({
  invalidEmail: "Invalid email. Please fix and try again",
  invalidFirstName: "Invalid first name. Please fix and try again",
  invalidLastName: "Invalid last name. Please fix and try again",
  success: "We'll be in touch shortly!",
  failure: "Submission failed. Please try again!",
  nameTooLong: `Names can be at most ${limits.name} characters. Please shorten and try again`,
  messageTooLong: `Messages can be at most ${limits.message} characters. Please shorten and try again`,
});

/** The contact payload of spec section 3. */
export type ContactRequest = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
};

/**
 * A standard address pattern: one @, a local part without spaces, a dotted domain whose
 * labels are letters, digits and inner hyphens. (The HTML spec's "valid e-mail address"
 * plus a required dot in the domain, which is what a deliverable address needs.)
 */
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length > 0 && email.length <= limits.email && emailPattern.test(email);
}

export type ContactValidation =
  | { ok: true; value: ContactRequest }
  | { ok: false; message: string };

/**
 * Spec section 5, in its order: email, first name, last name; the message is not validated
 * (beyond a size bound). Values are trimmed before checking, so "  " is empty.
 */
export function validateContact(input: {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  message?: unknown;
}): ContactValidation {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const email = text(input.email);
  const firstName = text(input.firstName);
  const lastName = text(input.lastName);
  const message = typeof input.message === "string" ? input.message.trim() : "";
  if (!isValidEmail(email)) return { ok: false, message: contactTexts.invalidEmail };
  if (!firstName) return { ok: false, message: contactTexts.invalidFirstName };
  if (!lastName) return { ok: false, message: contactTexts.invalidLastName };
  if (firstName.length > limits.name || lastName.length > limits.name) {
    return { ok: false, message: contactTexts.nameTooLong };
  }
  if (message.length > limits.message) return { ok: false, message: contactTexts.messageTooLong };
  return { ok: true, value: { firstName, lastName, email, message } };
}

/** A lead as the admin API returns it: exactly the spec's field names, plus timestamps. */
export type LeadRecord = {
  readonly ID: string;
  readonly FirstName: string;
  readonly LastName: string;
  readonly Email: string;
  readonly Message: string;
  readonly ContactedUs: boolean;
  readonly LeadStatus: LeadStatus;
  readonly CommStatus: CommStatus;
  readonly Notes: string;
  readonly SourcePage: string | null;
  readonly CreatedAt: string;
  readonly UpdatedAt: string;
};

/** Name of the invisible honeypot field; people never fill it, naive bots do. */
export const honeypotField = "company_website";
