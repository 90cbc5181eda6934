import { limits } from "../../domain/limits.ts";
import { TextField } from "./form-fields.tsx";

/**
 * The address and password of an account, alike wherever someone signs in or signs up (the
 * login page, sign-up, and the tracker's sign-in dialog): the spec's labels ("Email",
 * "Password"), the field names each API takes, and the autocomplete hints password managers
 * need to tell signing in (`current-password`) from choosing one (`new-password`).
 */
export function CredentialFields({
  idPrefix,
  purpose,
  email,
  focusPassword = false,
}: {
  idPrefix: string;
  purpose: "sign-in" | "sign-up";
  /** The address to start with (the dialog knows whose session ended). */
  email?: string;
  focusPassword?: boolean;
}) {
  const signUp = purpose === "sign-up";
  const hint = `${idPrefix}-password-hint`;
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        // Login's payload calls the address `username` (the spec); sign-up's `email`.
        name={signUp ? "email" : "username"}
        type="email"
        autoComplete={signUp ? "email" : "username"}
        inputMode="email"
        maxLength={limits.email}
        {...(email !== undefined ? { defaultValue: email } : {})}
        {...(signUp ? { className: "sm:col-span-2" } : {})}
      />
      <div className={signUp ? "sm:col-span-2" : undefined}>
        <TextField
          id={`${idPrefix}-password`}
          label="Password"
          name="password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          maxLength={limits.password}
          autoFocus={focusPassword}
          {...(signUp ? { "aria-describedby": hint } : {})}
        />
        {signUp && (
          <p id={hint} className="mt-0.5 text-sm text-muted">
            8 to 60 characters. A short sentence is easy to remember and hard to guess.
          </p>
        )}
      </div>
    </>
  );
}

/** A new account's name, alike on sign-up and an invitation's page: the fields sign-up takes. */
export function NameFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <TextField
        id={`${idPrefix}-first`}
        label="First Name"
        name="first_name"
        autoComplete="given-name"
        maxLength={limits.name}
      />
      <TextField
        id={`${idPrefix}-last`}
        label="Last Name"
        name="last_name"
        autoComplete="family-name"
        maxLength={limits.name}
      />
    </>
  );
}
