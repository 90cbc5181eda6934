import * as z from "zod/mini";
import { lineCheck } from "./api.ts";

/** Two-factor sign-in with an authenticator app (docs/team.md, "Two-factor sign-in"). */
export const mfaTexts = Object.freeze({
  badCode: "That code is not right. Use the current one from your app, or a recovery code.",
  expired: "Your sign-in took too long. Please log in again.",
  alreadyOn: "Two-factor sign-in is already on. Turn it off first to set it up again.",
  notStarted: "Start setting up two-factor sign-in first: ask for a new secret.",
  notOn: "Two-factor sign-in is not on for this account.",
  turnedOff: "Two-factor sign-in is off.",
  malformed: "Send the code as text: 6 digits, or a recovery code.",
  required:
    "The studio requires two-factor sign-in of everyone on the team, so it stays on. To move it to a new phone, ask an owner to lift the requirement for a moment.",
});

/** How many recovery codes are made when two-factor sign-in is turned on. */
export const recoveryCodeCount = 10;

const code = z
  .string({ error: mfaTexts.malformed })
  .check(
    z.trim(),
    z.minLength(1, { error: mfaTexts.malformed }),
    z.maxLength(40),
    lineCheck(mfaTexts.malformed),
  );

export const mfaCodeBody = z.object({ code }, { error: mfaTexts.malformed });

export const mfaLoginBody = z.object(
  {
    mfaToken: z
      .string({ error: mfaTexts.expired })
      .check(z.maxLength(2000, { error: mfaTexts.expired }), lineCheck(mfaTexts.expired)),
    code,
  },
  { error: mfaTexts.malformed },
);

/** The second factors an account can have: an authenticator app's code, a passkey. */
export const secondFactorMethods = ["totp", "passkey"] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** What login answers instead of a session when the account has two-factor sign-in on. */
export const mfaChallenge = z
  .object({
    mfaRequired: z.literal(true),
    mfaToken: z
      .string()
      .check(
        z.describe(
          "Send it with a code to POST /api/auth/mfa, or with a passkey's answer to POST /api/auth/mfa/passkey, within 5 minutes.",
        ),
      ),
    methods: z.optional(
      z
        .array(z.enum(secondFactorMethods))
        .check(z.describe("The second factors this account has: a code, a passkey, or both.")),
    ),
  })
  .register(z.globalRegistry, {
    id: "MfaChallenge",
    description: "The password was right; a second factor is needed too.",
  });
export type MfaChallenge = z.output<typeof mfaChallenge>;

export const totpSetup = z.object({
  secret: z.string().check(z.describe("The secret in Base32, for typing into the app.")),
  otpauthUrl: z.string().check(z.describe("The otpauth:// URI the QR code holds.")),
});

export const recoveryCodes = z.object({
  recoveryCodes: z
    .array(z.string())
    .check(z.describe("10 single-use codes, shown this once: each signs in instead of a code.")),
});

/** A recovery code as the person may type it: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (value: string) => value.replace(/[\s-]/g, "").toLowerCase();
