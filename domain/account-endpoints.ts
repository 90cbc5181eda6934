import * as z from "zod/mini";
import {
  accountTexts,
  changePasswordBody,
  passwordChanged,
  passwordResetBody,
  passwordResetMinutes,
  passwordResetParams,
  passwordResetPreview,
  passwordResetRequestBody,
  sessionList,
  sessionParams,
  sessionsEnded,
} from "./account.ts";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import { sessionResponse } from "./auth.ts";
import { mfaChallenge } from "./mfa.ts";

const gone = errorFor(
  `Used or expired: \`message\` says which ("${accountTexts.resetUsed}", "${accountTexts.resetExpired}").`,
);
const unknownLink = errorFor(accountTexts.resetUnknown);

/**
 * Self-service on one's own account (docs/team.md, "Your own account"), spread into
 * `endpoints`. The signed-in ones answer for any account, on the team or not, like two-factor
 * sign-in; the password reset needs no login (the e-mailed link is the key).
 */
export const accountEndpoints = {
  changePassword: {
    method: "PUT",
    url: "/api/auth/password",
    schema: {
      summary: "Change your password",
      description:
        "With the current password (a wrong one counts against the login throttle). Every " +
        "other session ends at once, and every access token issued before; this session stays, " +
        "with the new `accessToken` the answer carries.",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: changePasswordBody,
      response: {
        200: passwordChanged,
        ...errorResponses(400, 401),
        400: errorFor(
          `A new password outside the rules, or "${accountTexts.wrongPassword}", or "${accountTexts.tooManyTries}"`,
        ),
      },
    },
  },

  sessions: {
    method: "GET",
    url: "/api/auth/sessions",
    schema: {
      summary: "Your sessions",
      description:
        "Where this account is signed in: each login that has not ended (logged out, " +
        "ended here, or 7 days unused), most recently used first, with its browser and " +
        "address; `current` marks this request's.",
      tags: ["Accounts"],
      security: tokenSecurity,
      response: { 200: sessionList, ...errorResponses(401) },
    },
  },

  endSession: {
    method: "DELETE",
    url: "/api/auth/sessions/:id",
    schema: {
      summary: "End one of your sessions",
      description:
        "Its refresh token and its access tokens are refused from the next request. Ending " +
        "this request's own session logs it out.",
      tags: ["Accounts"],
      security: tokenSecurity,
      params: sessionParams,
      response: {
        200: z.object({ message: z.string() }),
        ...errorResponses(400, 401, 404),
        404: errorFor(accountTexts.unknownSession),
      },
    },
  },

  endOtherSessions: {
    method: "DELETE",
    url: "/api/auth/sessions",
    schema: {
      summary: "Sign out everywhere else",
      description: "Ends every session of this account but this request's own.",
      tags: ["Accounts"],
      security: tokenSecurity,
      response: { 200: sessionsEnded, ...errorResponses(401) },
    },
  },

  requestPasswordReset: {
    method: "POST",
    url: "/api/auth/password-reset",
    schema: {
      summary: "Forgot password: e-mail a reset link",
      description:
        `No login. Always the same 202 and message, whether or not an account uses the ` +
        `address (nothing tells who has one). An account gets an e-mail with a link to ` +
        `/reset-password/{token}, good once, for ${passwordResetMinutes} minutes. 5 per client ` +
        `address per 10 minutes; a few per e-mail address, then quietly none for a while.`,
      tags: ["Accounts"],
      body: passwordResetRequestBody,
      response: { 202: z.object({ message: z.string() }), ...errorResponses(400) },
    },
  },

  passwordReset: {
    method: "GET",
    url: "/api/auth/password-reset/:token",
    schema: {
      summary: "A reset link, as its page shows it",
      description: "No login: the token is the key. Whose account and until when.",
      tags: ["Accounts"],
      params: passwordResetParams,
      response: {
        200: passwordResetPreview,
        ...errorResponses(400, 404),
        404: unknownLink,
        410: gone,
      },
    },
  },

  resetPassword: {
    method: "POST",
    url: "/api/auth/password-reset/:token",
    schema: {
      summary: "Choose a new password with a reset link",
      description:
        "No login: the token is the key, once. Sets the password and ends every session and " +
        "access token of the account; then answers like a login: the session, or, with " +
        "two-factor sign-in on, `{ mfaRequired, mfaToken }` for POST /api/auth/mfa (a reset " +
        "never skips the code). 10 per address per 10 minutes.",
      tags: ["Accounts"],
      params: passwordResetParams,
      body: passwordResetBody,
      response: {
        200: z.union([sessionResponse, mfaChallenge]),
        ...errorResponses(400, 404),
        404: unknownLink,
        410: gone,
      },
    },
  },
} as const satisfies Record<string, Endpoint>;
