import { useId, useRef, useState } from "react";
import { validateContact } from "../../domain/contact.ts";
import { contactTexts, contactTokenPath, honeypotField } from "../../domain/contact-texts.ts";
import { limits } from "../../domain/limits.ts";
import { FormStatus, fieldClass, messageOf, TextField } from "./form-fields.tsx";
import { buttonClass } from "./layout.tsx";
import { readVisit } from "./visit-source.ts";

type Status =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

/**
 * The contact form (spec section 2). Without JavaScript it is a plain form post that the
 * server answers with a redirect to a confirmation or error page. With JavaScript it checks
 * the spec's rules in order, sends JSON, and shows exactly one message, announced by screen
 * readers; the button cannot double-submit.
 */
export function ContactForm({ sourcePage = "/home" }: { sourcePage?: string }) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const sending = useRef(false);
  const id = useId();
  /**
   * The form's clock: a signed token from the server, asked for when the form is first used,
   * so the server can tell a person's pace from a bot's (sent within 3 s: kept as spam).
   */
  const formToken = useRef<Promise<string | null> | null>(null);
  const startClock = () => {
    formToken.current ??= fetch(contactTokenPath, {
      headers: { accept: "application/json" },
      cache: "no-store",
    })
      .then(async (response) => {
        const body = (await response.json()) as { token?: unknown };
        return response.ok && typeof body.token === "string" ? body.token : null;
      })
      .catch(() => null);
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    // Both messages are cleared at each new submit (spec section 2).
    setStatus({ kind: "idle" });
    const checked = validateContact(data);
    if (!checked.ok) {
      setStatus({ kind: "error", message: checked.message });
      return;
    }
    sending.current = true;
    setStatus({ kind: "sending" });
    // Without a token (it never came) the request is judged by the other rules alone.
    const token = await Promise.race([
      formToken.current ?? Promise.resolve(null),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 1500)),
    ]);
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          ...checked.value,
          sourcePage,
          ...readVisit(),
          ...(token ? { formToken: token } : {}),
          [honeypotField]: data[honeypotField] ?? "",
        }),
      });
      if (response.ok) {
        setStatus({ kind: "success", message: await messageOf(response, contactTexts.success) });
        form.reset();
        // The next message gets its own clock, started when the form is next used.
        formToken.current = null;
      } else {
        setStatus({ kind: "error", message: await messageOf(response, contactTexts.failure) });
      }
    } catch {
      setStatus({ kind: "error", message: contactTexts.failure });
    } finally {
      sending.current = false;
    }
  }

  const isSending = status.kind === "sending";
  return (
    <form
      method="post"
      action="/api/leads/contact-us"
      onSubmit={onSubmit}
      onFocus={startClock}
      noValidate
      aria-describedby={`${id}-status`}
      className="grid gap-2.5 sm:grid-cols-2"
    >
      <TextField
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={limits.email}
        className="sm:col-span-2"
      />
      <TextField
        id={`${id}-first`}
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        maxLength={limits.name}
      />
      <TextField
        id={`${id}-last`}
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        maxLength={limits.name}
      />
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-message`} className="font-semibold">
          Message <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          maxLength={limits.message}
          placeholder="Leave us a Message"
          className={`${fieldClass} resize-y`}
        />
      </div>
      {/* Honeypot: off-screen and hidden from assistive technology; only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-hp`}>Company website</label>
        <input id={`${id}-hp`} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name="sourcePage" value={sourcePage} />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <button
          type="submit"
          disabled={isSending}
          aria-disabled={isSending}
          className={buttonClass()}
        >
          {isSending ? "Sending…" : "Submit"}
        </button>
        <p className="text-sm text-muted">We reply within one working day. No newsletters, ever.</p>
      </div>
      <FormStatus
        id={`${id}-status`}
        className="sm:col-span-2"
        message={
          status.kind === "success" || status.kind === "error"
            ? { kind: status.kind, text: status.message }
            : null
        }
      />
    </form>
  );
}
