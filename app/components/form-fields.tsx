/** Form pieces shared by the contact form, its outcome pages and the account screens. */
import { honeypotField } from "../../domain/contact-texts.ts";
import { formMessageClass } from "../../domain/form-message.ts";
import { limits } from "../../domain/limits.ts";

/** The success or error message of a form; shared with the no-JavaScript outcome pages. */
export function FormMessage({
  kind,
  children,
}: {
  kind: "success" | "error";
  children: React.ReactNode;
}) {
  return kind === "success" ? (
    <p role="status" className={formMessageClass.success}>
      {children}
    </p>
  ) : (
    <p role="alert" className={formMessageClass.error}>
      {children}
    </p>
  );
}

const fieldBase =
  "mt-0.5 block w-full rounded-sm border border-ink/25 bg-paper text-ink placeholder:text-muted focus:border-ink focus:outline-2 focus:outline-offset-0 focus:outline-accent-strong";
/** Inputs, selects and text areas: roomy in public forms, compact in the admin's tools. */
export const fieldClass = `${fieldBase} px-1.5 py-1.5 text-lg`;
/**
 * The public form's fields on the dark palette (/home2): ink fields, paper text, a border and
 * placeholder that keep 3:1 and 4.5:1 on ink, and the bright accent for focus.
 */
export const darkFieldClass =
  "mt-0.5 block w-full rounded-sm border border-paper/45 bg-ink px-1.5 py-1.5 text-lg text-paper placeholder:text-muted-light focus:border-paper focus:outline-2 focus:outline-offset-0 focus:outline-accent";
// The admin's fields are 44 px tall at least below 1024 px, under a thumb (WCAG 2.5.5).
export const compactFieldClass = `${fieldBase} px-1 py-1 max-[1023px]:min-h-[44px]`;
/** The admin's densest controls: a lead row's selects, the bulk bar. */
export const rowFieldClass = `${fieldBase} px-0.5 py-0.5 text-sm max-[1023px]:min-h-[44px]`;

/**
 * A form's one live region, always present so each new message is announced; the form
 * points at it with aria-describedby={id}.
 */
export function FormStatus({
  id,
  message,
  className,
}: {
  id: string;
  message: { kind: "success" | "error"; text: string } | null;
  className?: string;
}) {
  return (
    <div id={id} aria-live="polite" aria-atomic="true" className={className}>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </div>
  );
}

/** A visible label bound to its input. */
export function TextField({
  label,
  className,
  inputClassName = fieldClass,
  ...input
}: {
  label: string;
  id: string;
  className?: string;
  /** The field's look: `fieldClass` (paper) or `darkFieldClass` (ink). */
  inputClassName?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={input.id} className="font-semibold">
        {label}
      </label>
      {/* An explicit type: without one, autocomplete values like "given-name" are invalid HTML. */}
      <input type="text" {...input} className={inputClassName} />
    </div>
  );
}

/** A labelled field at the admin's compact size (small label, `compactFieldClass`). */
export function CompactField({
  label,
  className,
  ...input
}: {
  label: string;
  id: string;
  className?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={input.id} className="text-sm font-semibold">
        {label}
      </label>
      <input type="text" {...input} className={compactFieldClass} />
    </div>
  );
}

/**
 * Who is writing, in the contact form's order and words (Email, First Name, Last Name): the
 * contact form, a booking and an event registration ask alike, and the server checks them in
 * that order. For a two-column grid: the address spans both, the names sit side by side.
 */
export function VisitorFields({
  idPrefix,
  inputClassName = fieldClass,
}: {
  idPrefix: string;
  inputClassName?: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={limits.email}
        className="sm:col-span-2"
        inputClassName={inputClassName}
      />
      <TextField
        id={`${idPrefix}-first`}
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        maxLength={limits.name}
        inputClassName={inputClassName}
      />
      <TextField
        id={`${idPrefix}-last`}
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        maxLength={limits.name}
        inputClassName={inputClassName}
      />
    </>
  );
}

/** The honeypot: off-screen and hidden from assistive technology; only bots fill it. */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Company website</label>
      <input id={id} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
