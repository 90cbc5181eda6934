import { authTexts } from "../../domain/auth.ts";
import { type ApiResult, unexpectedAnswer } from "./api.ts";

/**
 * What a failed login says (docs/product.md, "Login"): a 406 shows the body's message, a 429 too;
 * anything else one fixed text, except when there was no answer, or one this page cannot
 * read (it says to reload). Shared by the login page and the admin's sign-in prompt.
 */
export function loginError(result: Exclude<ApiResult<unknown>, { ok: true }>): string {
  if ((result.status === 406 || result.status === 429) && result.error) return result.error;
  if (result.status === 0)
    return "We couldn't reach the server. Check your connection and try again.";
  if (result.unexpected) return unexpectedAnswer;
  return authTexts.incorrect;
}
