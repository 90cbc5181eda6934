import { newPasswordHint } from "../../domain/account.ts";
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
      <PasswordField
        id={`${idPrefix}-password`}
        label="Password"
        choosing={signUp}
        autoFocus={focusPassword}
        {...(signUp ? { className: "sm:col-span-2" } : {})}
      />
    </>
  );
}

/**
 * A password, typed to sign in or chosen: one being chosen says the rule under it, and tells
 * password managers to offer a new one (`new-password`).
 */
export function PasswordField({
  id,
  label,
  choosing,
  name = "password",
  autoFocus = false,
  className,
}: {
  id: string;
  label: string;
  choosing: boolean;
  name?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const hint = `${id}-hint`;
  return (
    <div className={className}>
      <TextField
        id={id}
        label={label}
        name={name}
        type="password"
        autoComplete={choosing ? "new-password" : "current-password"}
        maxLength={limits.password}
        autoFocus={autoFocus}
        {...(choosing ? { "aria-describedby": hint } : {})}
      />
      {choosing && (
        <p id={hint} className="mt-0.5 text-sm text-muted">
          {newPasswordHint}
        </p>
      )}
    </div>
  );
}

/**
 * The account an e-mailed link is for, shown, and handed to password managers as the
 * username the password belongs to. `note`: what the link allows, or until when.
 */
export function AccountAddress({
  email,
  note,
  className,
}: {
  email: string;
  note: string;
  className?: string;
}) {
  return (
    <>
      <div className={className}>
        <p className="font-semibold">Email</p>
        <p className="mt-0.5 break-words text-lg">{email}</p>
        <p className="mt-0.5 text-sm text-muted">{note}</p>
      </div>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
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
