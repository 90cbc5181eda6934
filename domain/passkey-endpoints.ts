import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import { emptyBody, sessionResponse } from "./auth.ts";
import { mfaTexts } from "./mfa.ts";
import {
  addPasskeyBody,
  authenticationOptions,
  passkeyAdded,
  passkeyList,
  passkeyLoginBody,
  passkeyOptionsBody,
  passkeyParams,
  passkeyTexts,
  registrationOptions,
} from "./passkeys.ts";

/**
 * Passkeys as a second factor (docs/team.md, "Two-factor sign-in"; ADR 042), spread into
 * `endpoints`. Any signed-in account registers, lists and removes its own; a login whose
 * answer was `{ mfaRequired, mfaToken }` finishes with one instead of a code.
 */
export const passkeyEndpoints = {
  passkeyRegistrationOptions: {
    method: "POST",
    url: "/api/auth/passkeys/options",
    schema: {
      summary: "Start adding a passkey",
      description:
        "Registration options for the browser's WebAuthn call, with a challenge good for 5 " +
        "minutes and once. The account's passkeys are excluded, so one is not added twice.",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: emptyBody,
      response: { 200: registrationOptions, ...errorResponses(401) },
    },
  },

  addPasskey: {
    method: "POST",
    url: "/api/auth/passkeys",
    schema: {
      summary: "Add a passkey",
      description:
        "With a name and the browser's answer to the options: the challenge, origin and RP " +
        "ID are checked, and the passkey becomes a second factor for this account.",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: addPasskeyBody,
      response: {
        201: passkeyAdded,
        ...errorResponses(400, 401),
        400: errorFor(`A bad name, or "${passkeyTexts.notRegistered}"`),
      },
    },
  },

  passkeys: {
    method: "GET",
    url: "/api/auth/passkeys",
    schema: {
      summary: "Your passkeys",
      description: "Oldest first, with when each was added and last used.",
      tags: ["Accounts"],
      security: tokenSecurity,
      response: { 200: passkeyList, ...errorResponses(401) },
    },
  },

  removePasskey: {
    method: "DELETE",
    url: "/api/auth/passkeys/:id",
    schema: {
      summary: "Remove a passkey",
      description:
        "Only your own (anyone else's is 404). While the studio requires two-factor sign-in, " +
        "the last second factor stays (409).",
      tags: ["Accounts"],
      security: tokenSecurity,
      params: passkeyParams,
      response: {
        200: errorFor("Removed."),
        ...errorResponses(400, 401, 404, 409),
        404: errorFor(passkeyTexts.unknown),
        409: errorFor(passkeyTexts.lastFactor),
      },
    },
  },

  passkeyLoginOptions: {
    method: "POST",
    url: "/api/auth/mfa/passkey/options",
    schema: {
      summary: "Ask for a passkey to finish a login",
      description:
        "The `mfaToken` login answered: authentication options naming that account's " +
        "passkeys, with a challenge good for 5 minutes and once.",
      tags: ["Accounts"],
      body: passkeyOptionsBody,
      response: {
        200: authenticationOptions,
        ...errorResponses(400, 401),
        401: errorFor(`"${mfaTexts.expired}", or "${passkeyTexts.noPasskeys}"`),
      },
    },
  },

  passkeyLogin: {
    method: "POST",
    url: "/api/auth/mfa/passkey",
    schema: {
      summary: "Finish a login with a passkey",
      description:
        "The `mfaToken` login answered and the browser's answer to the options. The challenge " +
        "works once; the origin, RP ID, signature and counter are checked; failures are " +
        "throttled like wrong codes. Answers the login's session body.",
      tags: ["Accounts"],
      body: passkeyLoginBody,
      response: {
        200: sessionResponse,
        ...errorResponses(400, 401),
        401: errorFor(`"${passkeyTexts.badPasskey}", or "${mfaTexts.expired}"`),
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
