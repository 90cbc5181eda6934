import * as z from "zod/mini";
import { isoTimestamp, lineCheck } from "./api.ts";
import { authTexts } from "./auth.ts";
import { isValidEmail } from "./email.ts";
import { uuidPattern } from "./lead-record.ts";
import { limits } from "./limits.ts";

/**
 * Self-service on one's own account (docs/team.md, "Your own account"): a new password, the
 * sessions signed in, and a forgotten password reset by e-mail. The rules and texts the
 * screens and the API share.
 */

/** How long a reset link works. */
export const passwordResetMinutes = 30;

export const accountTexts = Object.freeze({
  wrongPassword: "That is not your current password.",
  tooManyTries:
    "Too many wrong passwords: wait a few minutes, then try again (or log out and use “Forgot password?”).",
  samePassword: "Choose a new password, not the one you have now.",
  typeCurrent: "Type your current password.",
  passwordChanged:
    "Your password is changed. You stay signed in here; every other session has ended.",
  unknownSession: "That session has already ended, or it is not one of yours.",
  badSessionId: "That is not the ID of a session.",
  sessionEnded: "That session has ended: its device is signed out.",
  otherSessionsEnded: (count: number) =>
    count === 0
      ? "You had no other sessions."
      : count === 1
        ? "Your other session has ended."
        : `Your ${count} other sessions have ended.`,
  resetRequested: `If an account uses that address, we have sent it a link to choose a new password. The link works once, for ${passwordResetMinutes} minutes; check your spam folder if nothing arrives.`,
  resetUnknown:
    "This link is not valid. If a newer e-mail came, use its link; otherwise ask for a new one.",
  resetUsed: "This link has already been used. Ask for a new one if you need it.",
  resetExpired: `This link has expired: links work for ${passwordResetMinutes} minutes. Ask for a new one.`,
});

/** What every field that chooses a password says under it: the rule of `newPassword`. */
export const newPasswordHint = `8 to ${limits.password} characters. A short sentence is easy to remember and hard to guess.`;

/** A new password: the rule of sign-up (8 to 60 characters). */
export const newPassword = z
  .string({ error: authTexts.invalidPassword })
  .check(
    z.minLength(8, { error: authTexts.invalidPassword }),
    z.maxLength(limits.password, { error: authTexts.invalidPassword }),
  );

export const changePasswordBody = z.object(
  {
    currentPassword: z.string({ error: accountTexts.typeCurrent }).check(
      z.minLength(1, { error: accountTexts.typeCurrent }),
      // A longer one cannot be right; the cap keeps a hash of megabytes from being asked for.
      z.maxLength(limits.password * 4, { error: accountTexts.wrongPassword }),
    ),
    newPassword,
  },
  { error: authTexts.malformed },
);

export const passwordChanged = z.object({
  message: z.string(),
  accessToken: z
    .string()
    .check(
      z.describe(
        "A new access token for this session (the old one is refused from now on): store it as the session's accessToken. The refresh token stays the same.",
      ),
    ),
});

/** One signed-in session (a login and its refreshes), as its owner sees it. */
export const accountSession = z.object({
  id: z.string().check(z.describe("The session's ID: DELETE /api/auth/sessions/{id} ends it.")),
  signedInAt: isoTimestamp,
  lastActiveAt: isoTimestamp.check(z.describe("When its tokens were last issued or refreshed.")),
  userAgent: z.nullable(z.string().check(z.describe("The browser's User-Agent, as it sent it."))),
  ipAddress: z.nullable(z.string()),
  current: z.boolean().check(z.describe("True for the session of this request's access token.")),
});
export type AccountSession = z.output<typeof accountSession>;

export const sessionList = z.object({ sessions: z.array(accountSession) });

export const sessionParams = z.object({
  id: z
    .string({ error: accountTexts.badSessionId })
    .check(z.regex(uuidPattern, { error: accountTexts.badSessionId }), z.toLowerCase()),
});

export const sessionsEnded = z.object({
  message: z.string(),
  ended: z.number().check(z.describe("How many sessions ended.")),
});

export const passwordResetRequestBody = z.object(
  {
    email: z
      .string({ error: authTexts.invalidEmail })
      .check(
        z.trim(),
        z.maxLength(limits.email, { error: authTexts.invalidEmail }),
        z.refine(isValidEmail, { error: authTexts.invalidEmail }),
      ),
  },
  { error: authTexts.malformed },
);

/** A reset link's token: base64url, 43 characters. */
export const passwordResetParams = z.object({
  token: z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9_-]{20,100}$/, { error: accountTexts.resetUnknown }),
      lineCheck(accountTexts.resetUnknown),
    ),
});

export const passwordResetPreview = z.object({
  email: z.string().check(z.describe("The account's address, for the page and password managers.")),
  expiresAt: isoTimestamp,
});

export const passwordResetBody = z.object(
  { password: newPassword },
  { error: authTexts.malformed },
);
