import { useEffect, useRef, useState } from "react";
import { validateContact } from "../../domain/contact.ts";
import { bookingPassHeader, contactTexts, honeypotField } from "../../domain/contact-texts.ts";
import { limits } from "../../domain/limits.ts";
import {
  darkFieldClass,
  FormStatus,
  fieldClass,
  HoneypotField,
  VisitorFields,
} from "./form-fields.tsx";
import { buttonClass } from "./layout.tsx";
import { messageOf } from "./response-message.ts";
import { useFormClock } from "./use-form-clock.ts";
import { readVisit } from "./visit-source.ts";

export type ContactStatus =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "success"; message: string; bookUrl?: string }
  | { kind: "error"; message: string };

/** Field ids: one contact form per page, and fixed ids keep the island's hydration exact. */
const id = "contact";

/**
 * The form as an island (ADR 014): the host element tells the page's frame script to hydrate
 * it when it comes near or takes focus; until then it is a plain form that posts.
 */
export function ContactFormIsland({
  sourcePage = "/home",
  tone = "light",
}: {
  sourcePage?: string;
  tone?: FormTone;
}) {
  return (
    <div
      data-island="contact-form"
      // The default palette goes unsaid, so a light form's props stay what they always were.
      data-props={JSON.stringify(tone === "dark" ? { sourcePage, tone } : { sourcePage })}
    >
      <ContactForm sourcePage={sourcePage} tone={tone} />
    </div>
  );
}

/** The palette the form sits on: paper (the default) or ink (/home2). */
export type FormTone = "light" | "dark";

/**
 * The contact form (docs/product.md, "Contact form"). Without JavaScript it is a plain form
 * post: the server redirects a sent one to the confirmation page and answers a refused one with
 * the page again, the form filled in (server/contact/contact-form-page.ts). With JavaScript it
 * checks the rules in their fixed order, sends JSON, and shows exactly one message, announced by
 * screen readers; the button cannot double-submit.
 */
export function ContactForm({
  sourcePage = "/home",
  tone = "light",
  initialStatus = { kind: "idle" },
}: {
  sourcePage?: string;
  tone?: FormTone;
  /** A message the page already shows (a refused plain post), kept when the island hydrates. */
  initialStatus?: ContactStatus;
}) {
  const [status, setStatus] = useState<ContactStatus>(initialStatus);
  const sending = useRef(false);
  const answer = useRef<HTMLDivElement>(null);
  const clock = useFormClock();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    // Both messages are cleared at each new submit, a fixed rule (docs/product.md, "Success,
    // error and their exclusion").
    setStatus({ kind: "idle" });
    const checked = validateContact(data);
    if (!checked.ok) {
      setStatus({ kind: "error", message: checked.message });
      return;
    }
    sending.current = true;
    setStatus({ kind: "sending" });
    const token = await clock.token(5000);
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
        const pass = response.headers.get(bookingPassHeader);
        setStatus({
          kind: "success",
          message: await messageOf(response, contactTexts.success),
          // The pass in the fragment: never sent to a server, never in a Referer (ADR 022).
          ...(pass ? { bookUrl: `/book#pass=${encodeURIComponent(pass)}` } : {}),
        });
        form.reset();
        // The next message gets its own clock, started now: the form is empty again.
        clock.restart();
      } else {
        setStatus({ kind: "error", message: await messageOf(response, contactTexts.failure) });
      }
    } catch {
      setStatus({ kind: "error", message: contactTexts.failure });
    } finally {
      sending.current = false;
    }
  }

  // The answer appears under Submit, which a long form leaves below the fold (1440 × 900):
  // brought into view, gently unless the visitor asked for less motion; the live region
  // announces it (docs/product.md, "Success, error and their exclusion").
  useEffect(() => {
    if (status.kind !== "success" && status.kind !== "error") return;
    const shown = answer.current;
    if (!shown) return;
    const box = shown.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    shown.scrollIntoView({ block: "nearest", behavior: calm ? "instant" : "smooth" });
  }, [status]);

  const isSending = status.kind === "sending";
  const dark = tone === "dark";
  const field = dark ? darkFieldClass : fieldClass;
  return (
    <form
      method="post"
      action="/api/leads/contact-us"
      onSubmit={onSubmit}
      // Asks again when the page's token could not be had (offline for a moment).
      onFocus={clock.start}
      noValidate
      aria-describedby={`${id}-status`}
      className="grid gap-2.5 sm:grid-cols-2"
    >
      <VisitorFields idPrefix={id} inputClassName={field} />
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-message`} className="font-semibold">
          Message{" "}
          <span className={`font-normal ${dark ? "text-muted-light" : "text-muted"}`}>
            (optional)
          </span>
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          maxLength={limits.message}
          placeholder="Leave us a Message"
          className={`${field} resize-y`}
        />
      </div>
      <HoneypotField id={`${id}-hp`} />
      <input type="hidden" name="sourcePage" value={sourcePage} />
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <button
          type="submit"
          disabled={isSending}
          aria-disabled={isSending}
          className={buttonClass(dark ? "accent" : "primary")}
        >
          {isSending ? "Sending…" : "Submit"}
        </button>
        <p className={`text-sm ${dark ? "text-muted-light" : "text-muted"}`}>
          We reply within one business day. No newsletters, ever.{" "}
          <a href="/privacy" className="underline underline-offset-4">
            How we handle your details
          </a>
        </p>
      </div>
      <div ref={answer} className="grid gap-2.5 sm:col-span-2">
        <FormStatus
          id={`${id}-status`}
          message={
            status.kind === "success" || status.kind === "error"
              ? { kind: status.kind, text: status.message }
              : null
          }
        />
        {status.kind === "success" && status.bookUrl ? (
          // Shown only after a send, so styled by kept component classes (app.css, "booking"):
          // the page's pruned stylesheet holds only the utilities its HTML uses.
          <div className="booking-offer sm:col-span-2">
            <p>
              <span className="booking-strong">Book a free call while you're here.</span>{" "}
              <span className="booking-note">30 minutes, your details already filled in.</span>
            </p>
            <a href={status.bookUrl} className="booking-link">
              Book a call now
            </a>
          </div>
        ) : null}
      </div>
    </form>
  );
}
