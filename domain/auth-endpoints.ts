import * as z from "zod/mini";
import { type Endpoint, errorFor, errorResponses, tokenSecurity } from "./api.ts";
import {
  adminResponse,
  emptyBody,
  loginBody,
  logoutBody,
  messageResponse,
  refreshResponse,
  sessionCheckBody,
  sessionResponse,
  signupBody,
} from "./auth.ts";
import { mfaChallenge } from "./mfa.ts";

/**
 * Sign-up, login and sessions (docs/decisions/008-sessions-tokens-and-the-admin-guard.md),
 * spread into `endpoints` (domain/endpoints.ts).
 */
export const authEndpoints = {
  signup: {
    method: "POST",
    url: "/api/auth/signup",
    schema: {
      summary: "Create an account",
      description:
        "Creates a user (never an admin) and signs them in. 5 per address per 10 minutes.",
      tags: ["Accounts"],
      body: signupBody,
      response: {
        201: sessionResponse,
        ...errorResponses(400, 409),
        409: errorFor("An account with this e-mail (in any case) exists."),
      },
    },
  },

  login: {
    method: "POST",
    url: "/api/auth/login",
    schema: {
      summary: "Log in",
      description:
        "A wrong password, an unknown account and a throttled attempt get the same 401, body " +
        "and timing. Failures are counted per account and address: after 5, each further " +
        "attempt from that address waits longer (up to 15 minutes), while the owner can still " +
        "log in from anywhere else. 20 per address per 10 minutes. An account with two-factor " +
        "sign-in on gets `{ mfaRequired: true, mfaToken }` and no session: POST /api/auth/mfa " +
        "with a code finishes the login.",
      tags: ["Accounts"],
      body: loginBody,
      response: {
        200: z.union([sessionResponse, mfaChallenge]),
        ...errorResponses(400, 401),
        401: errorFor('"Incorrect Username or Password!"'),
      },
    },
  },

  verifyLogin: {
    method: "POST",
    url: "/api/auth/verify-login",
    schema: {
      summary: "Check an access token",
      description: "200 when the x-access-token is valid and belongs to `userID`.",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: sessionCheckBody,
      response: { 200: messageResponse("The session is valid."), ...errorResponses(400, 401) },
    },
  },

  refresh: {
    method: "POST",
    url: "/api/auth/refresh",
    schema: {
      summary: "Rotate a refresh token",
      description:
        "Trades `refresh` for a new access token and refresh token. A refresh token presented " +
        "twice revokes its whole session (except the same token within 10 seconds while its " +
        "successor is unused: a second tab). Expires after 7 days idle or 30 days.",
      tags: ["Accounts"],
      body: sessionCheckBody,
      response: { 200: refreshResponse, ...errorResponses(400, 401) },
    },
  },

  logout: {
    method: "POST",
    url: "/api/auth/logout",
    schema: {
      summary: "Log out",
      description:
        "Revokes the refresh token's session. 200 for any token, known or not; a body whose " +
        "`refresh` is not text is a 400.",
      tags: ["Accounts"],
      body: logoutBody,
      response: { 200: messageResponse("Logged out."), ...errorResponses(400) },
    },
  },

  admin: {
    method: "POST",
    url: "/api/auth/admin",
    schema: {
      summary: "Admin check",
      tags: ["Accounts"],
      security: tokenSecurity,
      body: emptyBody,
      response: { 200: adminResponse, ...errorResponses(400, 401) },
    },
  },
} as const satisfies Record<string, Endpoint>;
