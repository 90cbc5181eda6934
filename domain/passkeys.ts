import * as z from "zod/mini";
import { isoTimestamp, lineCheck, nameCheck } from "./api.ts";
import { uuidPattern } from "./lead-record.ts";
import { mfaTexts } from "./mfa.ts";

/**
 * Passkeys (WebAuthn) as a second factor beside the authenticator app (docs/team.md,
 * "Two-factor sign-in"; docs/decisions/042-passkeys.md). A passkey never replaces the password.
 */
export const passkeyTexts = Object.freeze({
  badPasskey: "That passkey was not accepted. Try again, or use a code from your app.",
  noPasskeys: "This account has no passkeys. Use a code from your app.",
  notRegistered: "That passkey could not be added. Please try again.",
  expired: mfaTexts.expired,
  malformed: "Send the passkey's answer as the browser gave it.",
  badName: "Give the passkey a name of 1 to 60 characters, on one line.",
  badId: "That passkey is not one of yours.",
  unknown: "That passkey is not one of yours.",
  removed: (name: string) => `Removed the passkey "${name}".`,
  lastFactor:
    "The studio requires two-factor sign-in of everyone on the team, and this is your last second factor. Turn on codes from an app, or add another passkey, first.",
});

export const passkeyNameLength = 60;

const text = (max: number) =>
  z
    .string({ error: passkeyTexts.malformed })
    .check(z.maxLength(max, { error: passkeyTexts.malformed }), lineCheck(passkeyTexts.malformed));

/** The base64url fields of a browser's answer: generous bounds, checked for real on the server. */
const b64 = text(16_384);

/** What `navigator.credentials.create()` answers, as @simplewebauthn/browser encodes it. */
export const registrationResponse = z.looseObject({
  id: text(1024),
  rawId: text(1024),
  type: z.literal("public-key", { error: passkeyTexts.malformed }),
  response: z.looseObject({
    clientDataJSON: b64,
    attestationObject: b64,
    transports: z.optional(z.array(text(32)).check(z.maxLength(10))),
  }),
  clientExtensionResults: z.optional(z.looseObject({})),
  authenticatorAttachment: z.optional(text(40)),
});

/** What `navigator.credentials.get()` answers, as @simplewebauthn/browser encodes it. */
export const authenticationResponse = z.looseObject({
  id: text(1024),
  rawId: text(1024),
  type: z.literal("public-key", { error: passkeyTexts.malformed }),
  response: z.looseObject({
    clientDataJSON: b64,
    authenticatorData: b64,
    signature: b64,
    userHandle: z.optional(text(1024)),
  }),
  clientExtensionResults: z.optional(z.looseObject({})),
  authenticatorAttachment: z.optional(text(40)),
});

const passkeyName = z
  .string({ error: passkeyTexts.badName })
  .check(
    z.trim(),
    z.minLength(1, { error: passkeyTexts.badName }),
    z.maxLength(passkeyNameLength, { error: passkeyTexts.badName }),
    nameCheck(passkeyTexts.badName),
  );

export const addPasskeyBody = z.object(
  { name: passkeyName, response: registrationResponse },
  { error: passkeyTexts.malformed },
);

const mfaToken = z
  .string({ error: mfaTexts.expired })
  .check(z.maxLength(2000, { error: mfaTexts.expired }), lineCheck(mfaTexts.expired));

export const passkeyOptionsBody = z.object({ mfaToken }, { error: mfaTexts.expired });

export const passkeyLoginBody = z.object(
  { mfaToken, response: authenticationResponse },
  { error: passkeyTexts.malformed },
);

export const passkeyParams = z.object({
  id: z
    .string({ error: passkeyTexts.badId })
    .check(z.regex(uuidPattern, { error: passkeyTexts.badId }), z.toLowerCase()),
});

export const passkey = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: isoTimestamp,
    lastUsedAt: z.nullable(isoTimestamp),
  })
  .register(z.globalRegistry, { id: "Passkey", description: "A passkey of your account." });
export type Passkey = z.output<typeof passkey>;

export const passkeyList = z.object({ passkeys: z.array(passkey) });
export const passkeyAdded = z.object({
  passkey,
  recoveryCodes: z.optional(
    z
      .array(z.string())
      .check(
        z.describe(
          "With the first passkey of an account without an authenticator app: 10 recovery codes, shown this once, each finishing a login once (POST /api/auth/mfa) if the passkey is lost.",
        ),
      ),
  ),
});

/** The options to hand to the browser's WebAuthn call, as @simplewebauthn/server makes them. */
export const registrationOptions = z
  .looseObject({ challenge: z.string() })
  .check(z.describe("PublicKeyCredentialCreationOptionsJSON: pass it to startRegistration()."));

export const authenticationOptions = z
  .looseObject({ challenge: z.string() })
  .check(z.describe("PublicKeyCredentialRequestOptionsJSON: pass it to startAuthentication()."));
