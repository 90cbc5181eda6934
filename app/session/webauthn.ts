/**
 * The browser's side of passkeys (docs/decisions/042-passkeys.md), loaded only when a person
 * presses a passkey button: @simplewebauthn/browser is imported on demand, so it never weighs
 * on a page that does not use it (tests/e2e/bundles.spec.ts keeps the budgets).
 */

/** What a failed or cancelled WebAuthn call means to the person, in words. */
export function passkeyProblem(error: unknown, purpose: "add" | "use"): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return purpose === "add"
      ? "No passkey was added: the request was cancelled or timed out."
      : "No passkey was used: the request was cancelled or timed out.";
  if (name === "InvalidStateError") return "This device already holds a passkey for your account.";
  if (name === "NotSupportedError" || name === "SecurityError")
    return "This browser cannot use passkeys here.";
  return purpose === "add" ? "The passkey could not be added." : "The passkey could not be used.";
}

/** Creates a passkey for the registration options the server made. */
export async function createPasskey(optionsJSON: object): Promise<unknown> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON: optionsJSON as never });
}

/** Signs the server's challenge with one of the account's passkeys. */
export async function signWithPasskey(optionsJSON: object): Promise<unknown> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: optionsJSON as never });
}
