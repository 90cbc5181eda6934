import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody, sessionResponse } from "./auth.ts";
import { mfaCodeBody, mfaLoginBody, mfaTexts, recoveryCodes, totpSetup } from "./mfa.ts";

/**
 * Two-factor sign-in (docs/team.md, "Two-factor sign-in"), spread into `endpoints`. Any
 * signed-in account may turn it on for itself; with it on, login answers `{ mfaRequired,
 * mfaToken }` and POST /api/auth/mfa finishes it.
 */
export const mfaEndpoints = {
  startTotp: {
    method: "POST",
    url: "/api/auth/mfa/totp",
    schema: {
      summary: "Set up two-factor sign-in",
      description:
        "A new secret for an authenticator app (as text and as the otpauth:// URI a QR code " +
        "holds). Nothing changes until a code from the app confirms it.",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: emptyBody,
      response: {
        200: totpSetup,
        ...errorResponses(401, 409),
        409: errorFor(mfaTexts.alreadyOn),
      },
    },
  },

  confirmTotp: {
    method: "POST",
    url: "/api/auth/mfa/totp/confirm",
    schema: {
      summary: "Turn two-factor sign-in on",
      description:
        "With a code from the app for the secret just set up. Answers 10 recovery codes, " +
        "shown this once and stored only as hashes; each signs in once instead of a code.",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: mfaCodeBody,
      response: {
        200: recoveryCodes,
        ...errorResponses(400, 401, 409),
        400: errorFor(mfaTexts.badCode),
        409: errorFor(mfaTexts.notStarted),
      },
    },
  },

  disableTotp: {
    method: "DELETE",
    url: "/api/auth/mfa/totp",
    schema: {
      summary: "Turn two-factor sign-in off",
      description: "With a current code or a recovery code. The secret and recovery codes go.",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: mfaCodeBody,
      response: {
        200: errorFor(mfaTexts.turnedOff),
        ...errorResponses(400, 401, 409),
        400: errorFor(mfaTexts.badCode),
        409: errorFor(mfaTexts.notOn),
      },
    },
  },

  mfaLogin: {
    method: "POST",
    url: "/api/auth/mfa",
    schema: {
      summary: "Finish a login with a code",
      description:
        "The `mfaToken` login answered (5 minutes) and a code from the app or a recovery code. " +
        "A code is accepted once; wrong codes are throttled like passwords. Answers the " +
        "login's session body.",
      tags: ["Accounts"],
      body: mfaLoginBody,
      response: {
        200: sessionResponse,
        ...errorResponses(400, 401),
        401: errorFor(`"${mfaTexts.badCode}", or "${mfaTexts.expired}"`),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
