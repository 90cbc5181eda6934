import * as z from "zod/mini";
import { nameCheck, textCheck } from "./api.ts";
import { contactTexts, honeypotField } from "./contact-texts.ts";
import { isValidEmail } from "./email.ts";
import { limits } from "./limits.ts";

/**
 * The contact form's contract (docs/product.md, "Contact form"): its fields, its rules in their
 * fixed order, and its texts. The form checks it in the browser and the API on the server.
 */

const name = (invalid: string) =>
  z
    .string({ error: invalid })
    .check(
      z.trim(),
      z.minLength(1, { error: invalid }),
      nameCheck(invalid),
      z.describe(`At most ${limits.name} characters.`),
    );

/**
 * The fixed contact payload (docs/product.md, "Fields and labels"). Checked in the fixed order
 * (email, first name, last name: zod reports a shape's fields in order; docs/product.md,
 * "Validation order and texts"), after trimming, so "  " is empty. The message is not validated
 * beyond a size bound and NUL; a missing or null one is "". The bounds are ours, not fixed, so
 * they are checked last, once every fixed rule has passed.
 */
export const contactFields = {
  email: z
    .string({ error: contactTexts.invalidEmail })
    .check(
      z.trim(),
      z.maxLength(limits.email, { error: contactTexts.invalidEmail }),
      z.refine(isValidEmail, { error: contactTexts.invalidEmail }),
      z.describe("An e-mail address, at most 320 characters."),
    ),
  firstName: name(contactTexts.invalidFirstName),
  lastName: name(contactTexts.invalidLastName),
  message: z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: contactTexts.invalidMessage })
          .check(
            z.trim(),
            textCheck(contactTexts.invalidMessage),
            z.describe(`At most ${limits.message} characters.`),
          ),
      ),
    ),
    z.transform((message) => message ?? ""),
  ),
  /** The page the form was sent from (the lead's source); a path, kept only if short. */
  sourcePage: z.optional(z.catch(z.string().check(z.maxLength(200)), "")),
  // Where the visit came from and when the page was opened: hints, cleaned and cut to
  // size on the server, never a reason to refuse a lead.
  referrer: z.optional(z.catch(z.string().check(z.describe("The landing page's referrer.")), "")),
  utmSource: z.optional(z.catch(z.string(), "")),
  utmMedium: z.optional(z.catch(z.string(), "")),
  utmCampaign: z.optional(z.catch(z.string(), "")),
  entryPage: z.optional(
    z.catch(
      z
        .string()
        .check(z.maxLength(200), z.describe("The page the visit entered the site on (its first).")),
      "",
    ),
  ),
  formToken: z.optional(
    z.catch(
      z
        .string()
        .check(z.describe("From GET /api/leads/contact-token, asked for as the page was shown.")),
      "",
    ),
  ),
  [honeypotField]: z.optional(z.catch(z.string(), "")),
};

/** The bounds that are ours, checked once every fixed rule has passed. */
type Bounded = { firstName: string; lastName: string; message: string };
export const contactBounds = [
  z.refine<Bounded>(
    (lead) => lead.firstName.length <= limits.name && lead.lastName.length <= limits.name,
    { error: contactTexts.nameTooLong },
  ),
  z.refine<Bounded>((lead) => lead.message.length <= limits.message, {
    error: contactTexts.messageTooLong,
  }),
] as const;

export const contactRequest = z
  // Not even an object: the first rule in the fixed order (the email) fails first.
  .object(contactFields, { error: contactTexts.invalidEmail })
  .check(...contactBounds);

export type ContactRequest = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
};

export type ContactValidation =
  | { ok: true; value: ContactRequest }
  | { ok: false; message: string };

/** The contact rules as a result: the first problem's text (fixed order), or the clean values. */
export function validateContact(input: unknown): ContactValidation {
  const result = z.safeParse(contactRequest, input);
  if (!result.success) {
    return { ok: false, message: result.error.issues[0]?.message ?? contactTexts.failure };
  }
  const { email, firstName, lastName, message } = result.data;
  return { ok: true, value: { email, firstName, lastName, message } };
}
