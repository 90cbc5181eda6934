import { contactTexts } from "./contact-texts.ts";

/**
 * Where a plain (no-JavaScript) form post lands: one small prerendered page per outcome,
 * so the confirmation or the validation message shows without any script.
 */
export const contactOutcomes = {
  sent: { ok: true, message: contactTexts.success },
  "invalid-email": { ok: false, message: contactTexts.invalidEmail },
  "invalid-first-name": { ok: false, message: contactTexts.invalidFirstName },
  "invalid-last-name": { ok: false, message: contactTexts.invalidLastName },
  "name-too-long": { ok: false, message: contactTexts.nameTooLong },
  "too-long": { ok: false, message: contactTexts.messageTooLong },
  "invalid-message": { ok: false, message: contactTexts.invalidMessage },
  "too-many": {
    ok: false,
    message: "Too many requests from your connection. Please try again in a few minutes.",
  },
  failed: { ok: false, message: contactTexts.failure },
} as const;

export type ContactOutcome = keyof typeof contactOutcomes;

export const contactOutcomePath = (outcome: ContactOutcome) => `/contact/${outcome}`;

/** The outcome page for a validation message from validateContact. */
export function outcomeForMessage(message: string): ContactOutcome {
  const found = (Object.entries(contactOutcomes) as [ContactOutcome, { message: string }][]).find(
    ([, o]) => o.message === message,
  );
  return found ? found[0] : "failed";
}
