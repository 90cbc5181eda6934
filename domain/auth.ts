import * as z from "zod/mini";
import { lineCheck, nameCheck, optionalBody } from "./api.ts";
import { isValidEmail } from "./email.ts";
import { limits } from "./limits.ts";
import { teamRoles } from "./roles.ts";

/** Accounts and sessions: the rules and shapes shared by the sign-up and login screens and the API. */
export const authTexts = Object.freeze({
  invalidEmail: "Please enter a valid email address.",
  invalidPassword: "Passwords are 8 to 60 characters.",
  invalidFirstName: "Please enter your first name (up to 100 characters).",
  invalidLastName: "Please enter your last name (up to 100 characters).",
  emailTaken: "An account with this email already exists. Try logging in.",
  incorrect: "Incorrect Username or Password!",
  malformed: "Send the fields as text, without control characters, in one JSON object.",
  sessionExpired: "Your session has expired. Please log in again.",
  sessionValid: "Session is valid.",
  loggedOut: "You are logged out.",
});

export const personName = (error: string) =>
  z
    .string({ error })
    .check(
      z.trim(),
      z.minLength(1, { error }),
      z.maxLength(limits.name, { error }),
      nameCheck(error),
    );

/** Sign-up payload, fixed (docs/product.md, "Sign-up"): email, password, first_name, last_name. */
export const signupBody = z.object(
  {
    email: z
      .string({ error: authTexts.invalidEmail })
      .check(
        z.trim(),
        z.maxLength(limits.email, { error: authTexts.invalidEmail }),
        z.refine(isValidEmail, { error: authTexts.invalidEmail }),
      ),
    password: z
      .string({ error: authTexts.invalidPassword })
      .check(
        z.minLength(8, { error: authTexts.invalidPassword }),
        z.maxLength(limits.password, { error: authTexts.invalidPassword }),
      ),
    first_name: personName(authTexts.invalidFirstName),
    last_name: personName(authTexts.invalidLastName),
  },
  { error: authTexts.malformed },
);
export type SignupRequest = z.output<typeof signupBody>;

export function validateSignup(
  input: unknown,
): { ok: true; value: SignupRequest } | { ok: false; message: string } {
  const result = z.safeParse(signupBody, input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, message: result.error.issues[0]?.message ?? authTexts.malformed };
}

/**
 * The session body of login and sign-up, stored whole in localStorage "user" (docs/product.md,
 * "Login" and "The stored session"). The fixed contract promises `id`, `accessToken` and
 * `refreshToken`; this server adds the account's name and e-mail, marked optional so a client
 * needs only those three. Nothing else about the account leaves the server: no hash, no role,
 * no throttle state.
 */
export const sessionResponse = z
  .object({
    id: z.string(),
    email: z.optional(z.string()),
    firstName: z.optional(z.string()),
    lastName: z.optional(z.string()),
    accessToken: z
      .string()
      .check(z.describe("JWT (HS256), 15 minutes: send it as x-access-token.")),
    refreshToken: z
      .string()
      .check(z.describe("Opaque; trade it at /api/auth/refresh. Single use: it rotates.")),
  })
  .register(z.globalRegistry, { id: "Session", description: "A signed-in session." });
export type SessionResponse = z.output<typeof sessionResponse>;

/** Text fields of the session calls: absent is empty, but a value must be text on one line. */
const optionalLine = (description: string) =>
  z.optional(
    z
      .string({ error: authTexts.malformed })
      .check(lineCheck(authTexts.malformed), z.describe(description)),
  );

/** Login payload, fixed (docs/product.md, "Login"). Absent fields are simply wrong credentials. */
export const loginBody = optionalBody(
  z.object(
    {
      username: optionalLine("The account's e-mail address."),
      password: z.optional(z.string({ error: authTexts.malformed })),
    },
    { error: authTexts.malformed },
  ),
);

/**
 * verify-login and refresh (docs/product.md, "Verify, refresh, logout"): the user's id and a
 * token in `refresh`.
 */
export const sessionCheckBody = optionalBody(
  z.object(
    {
      userID: optionalLine("The signed-in user's id (the session's `id`)."),
      refresh: optionalLine("verify-login: the access token; refresh: the refresh token."),
    },
    { error: authTexts.malformed },
  ),
);

export const logoutBody = optionalBody(
  z.object(
    {
      refresh: optionalLine("The refresh token whose session ends."),
      refreshToken: optionalLine("Accepted as another name for `refresh`."),
    },
    { error: authTexts.malformed },
  ),
);

/** The admin check takes no fields (a fixed empty body: docs/product.md, "The admin check"). */
export const emptyBody = optionalBody(z.object({}));

/** A 200 with a message; the fixed contract reads only the status, so the message is optional. */
export const messageResponse = (description: string) =>
  z.object({ message: z.optional(z.string()) }).check(z.describe(description));

export const refreshResponse = z
  .object({
    accessToken: z.string(),
    refreshToken: z.optional(
      z
        .string()
        .check(
          z.describe("The rotated refresh token; absent when a second tab refreshed at once."),
        ),
    ),
  })
  .check(z.describe("A new access token (and the next refresh token)."));

/** The admin check response, fixed (docs/product.md, "The admin check"). */
export const adminResponse = z
  .object({
    admin: z.optional(z.boolean()),
    role: z.optional(
      z
        .enum(teamRoles)
        .check(z.describe("The account's role on the team; absent for an account without one.")),
    ),
    mustSetUpTwoFactor: z.optional(
      z
        .boolean()
        .check(
          z.describe(
            "True while the studio requires two-factor sign-in and this account has not set it up: until then only its own account answers.",
          ),
        ),
    ),
  })
  .check(
    z.describe(
      "Whether the account is on the studio's team (owner, member or editor), read from the database, and its role.",
    ),
  );
