import { isValidEmail, limits } from "./leads.ts";

/** Account rules shared by the sign-up screen and the API. */
export const authTexts = Object.freeze({
  invalidEmail: "Please enter a valid e-mail address.",
  invalidPassword: "Passwords are 8 to 60 characters.",
  invalidFirstName: "Please enter your first name (up to 100 characters).",
  invalidLastName: "Please enter your last name (up to 100 characters).",
  emailTaken: "An account with this e-mail already exists. Try logging in.",
  incorrect: "Incorrect Username or Password!",
  locked: "Too many failed attempts. This account is locked for 15 minutes.",
});

export type SignupRequest = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
};

export function validateSignup(
  input: Record<string, unknown>,
): { ok: true; value: SignupRequest } | { ok: false; message: string } {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const email = text(input.email);
  const password = typeof input.password === "string" ? input.password : "";
  const first = text(input.first_name);
  const last = text(input.last_name);
  if (!isValidEmail(email)) return { ok: false, message: authTexts.invalidEmail };
  if (password.length < 8 || password.length > limits.password)
    return { ok: false, message: authTexts.invalidPassword };
  if (!first || first.length > limits.name)
    return { ok: false, message: authTexts.invalidFirstName };
  if (!last || last.length > limits.name) return { ok: false, message: authTexts.invalidLastName };
  return { ok: true, value: { email, password, first_name: first, last_name: last } };
}

/** The session body of login and sign-up (stored whole in localStorage "user", spec section 4). */
export type SessionResponse = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  accessToken: string;
  refreshToken: string;
};
