import { limits } from "../../domain/limits.ts";
import { locationLimits } from "../../domain/meeting-location-texts.ts";
import { site } from "../../domain/site.ts";
import { ContactForm } from "./contact-form.tsx";
import { FormStatus, fieldClass, HoneypotField, TextField, VisitorFields } from "./form-fields.tsx";
import { buttonClass } from "./layout.tsx";
import { bookHref } from "./nav-items.ts";

/**
 * The booking page's island host (ADR 022), prerendered: the shell of the slot picker and the
 * details form, which app/frame/booking-island.ts brings to life, and the contact form for a
 * browser without script (or whose island failed to load). CSS shows one or the other before
 * the first paint (`html[data-reveal]` is set by the head script only when script runs), so
 * nothing moves when the island arrives.
 */
export function BookingIsland() {
  return (
    <div data-island="booking" data-call-title={`Free call with ${site.name}`} className="booking">
      <div className="booking-fallback">
        <p className="mb-3 max-w-xl text-lg">
          Picking a time needs JavaScript, which is off in this browser. Send us a message instead
          and we'll find a time together, usually within one business day.
        </p>
        <ContactForm sourcePage={bookHref} />
      </div>
      {/* No display utility on the form: it would outrank the component rule that hides it. */}
      <form
        className="booking-app"
        action="/api/booking"
        method="post"
        noValidate
        aria-describedby="booking-status"
      >
        <div className="grid gap-6 lg:grid-cols-[1.35fr_1fr] lg:gap-8">
          <section aria-labelledby="booking-pick-title" className="min-w-0">
            <h2 id="booking-pick-title" className="text-2xl font-bold">
              <span className="text-accent-strong">1.</span> Pick a time
            </h2>
            <div className="mt-2 grid gap-1.5">
              <p className="text-muted" id="booking-zone-note">
                Times are shown in <strong className="text-ink" data-zone-name></strong>.
              </p>
              <div>
                <label htmlFor="booking-zone" className="text-sm font-semibold">
                  Time zone
                </label>
                <select
                  id="booking-zone"
                  name="timeZone"
                  className={`${fieldClass} py-1 text-base sm:max-w-72`}
                ></select>
              </div>
            </div>
            <div data-picker aria-busy="true" className="booking-picker mt-3">
              <p className="text-muted">Finding free times…</p>
            </div>
          </section>
          <section aria-labelledby="booking-details-title" className="grid content-start gap-2.5">
            <h2 id="booking-details-title" className="text-2xl font-bold">
              <span className="text-accent-strong">2.</span> Your details
            </h2>
            <p className="text-muted" data-chosen aria-live="polite">
              No time picked yet.
            </p>
            <div className="grid gap-2.5 sm:grid-cols-2">
              <VisitorFields idPrefix="booking" />
              {/* Shown by the island when calls are by phone (docs/booking.md). */}
              <div data-phone hidden className="sm:col-span-2">
                <TextField
                  id="booking-phone"
                  label="Phone number"
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  maxLength={locationLimits.phone}
                  aria-describedby="booking-phone-hint"
                />
                <p id="booking-phone-hint" className="mt-0.5 text-sm text-muted">
                  We'll call you on it at the time you pick.
                </p>
              </div>
            </div>
            <div>
              <label htmlFor="booking-message" className="font-semibold">
                What would you like to talk about?{" "}
                <span className="font-normal text-muted">(optional)</span>
              </label>
              <textarea
                id="booking-message"
                name="message"
                rows={4}
                maxLength={limits.message}
                className={`${fieldClass} resize-y`}
              />
            </div>
            <HoneypotField id="booking-hp" />
            <div className="flex flex-wrap items-center gap-2">
              <button type="submit" className={buttonClass()}>
                Book the call
              </button>
              <p className="text-sm text-muted">
                Free, and no obligation.{" "}
                <a href="/privacy" className="underline underline-offset-4">
                  How we handle your details
                </a>
              </p>
            </div>
            <FormStatus id="booking-status" message={null} />
          </section>
        </div>
      </form>
    </div>
  );
}

/** The manage page's island host: filled in by the same script, from the link's token. */
export function ManageIsland() {
  return (
    <div data-island="booking" data-props='{"mode":"manage"}' className="booking">
      <div className="booking-fallback">
        <p className="max-w-xl text-lg">
          Changing a call here needs JavaScript, which is off in this browser. Reply to your
          confirmation email instead and we'll sort it out.
        </p>
      </div>
      <div className="booking-app" data-manage aria-busy="true">
        <p className="text-muted">Finding your booking…</p>
      </div>
      <div id="booking-status" aria-live="polite" aria-atomic="true" className="mt-3"></div>
    </div>
  );
}
