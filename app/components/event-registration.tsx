import { maxSeatsPerRegistration, registrationsPath } from "../../domain/event-texts.ts";
import { isPaid, paymentNote } from "../../domain/events.ts";
import { FormStatus, fieldClass, HoneypotField, VisitorFields } from "./form-fields.tsx";
import { buttonClass, Container } from "./layout.tsx";

/** Field ids: one registration form per page; the server refills it by these (app.ts). */
const id = "registration";

/**
 * An upcoming event's registration form (ADR 026). Without JavaScript it is a plain
 * form post: the server redirects a registration to the event's confirmation page and answers
 * a refusal with this page again, the form filled in. With JavaScript (app/frame/
 * registration-island.ts) it shows the seats left, sends JSON and says the outcome in place.
 */
export function EventRegistration({
  slug,
  path,
  title,
  capacity,
  price,
  payment: paymentWords,
}: {
  slug: string;
  path: string;
  title: string;
  capacity: number;
  price: string;
  /** How a paid event is paid for, in the event's own words (paymentNote). */
  payment?: string | undefined;
}) {
  const free = !isPaid(price);
  const payment = paymentNote({ price, payment: paymentWords });
  return (
    <section
      id="register"
      aria-labelledby="register-title"
      className="scroll-mt-12 border-t border-line bg-paper-dim py-10 md:py-14"
    >
      <Container className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] lg:gap-10">
        <div>
          <p className="text-sm font-bold tracking-[0.14em] text-accent-strong uppercase">
            Registration
          </p>
          <h2 id="register-title" className="mt-1.5 text-3xl font-bold tracking-tight">
            Save your seat
          </h2>
          <p className="mt-2 max-w-md text-lg text-ink-soft">
            {free ? "Free" : `${price} a seat`}, {capacity} seats in all. Your confirmation and a
            calendar invite arrive by email; reply to it if your plans change.
          </p>
          {/* The island says how many seats are left, in place of this line: no shift. */}
          <p data-seats aria-live="polite" className="mt-2 min-h-lh font-semibold text-ink">
            Registration is open.
          </p>
        </div>
        <div data-island="event-registration" data-props={JSON.stringify({ slug })}>
          <form
            method="post"
            action={registrationsPath(slug)}
            noValidate
            aria-describedby={`${id}-status`}
            aria-label={`Register for ${title}`}
            className="grid gap-2.5 sm:grid-cols-2"
          >
            <VisitorFields idPrefix={id} />
            <div>
              <label htmlFor={`${id}-seats`} className="font-semibold">
                Seats
              </label>
              <input
                id={`${id}-seats`}
                name="seats"
                type="number"
                min={1}
                max={maxSeatsPerRegistration}
                step={1}
                defaultValue={1}
                inputMode="numeric"
                aria-describedby={`${id}-seats-hint`}
                className={`${fieldClass} max-w-20`}
              />
              <p id={`${id}-seats-hint`} className="mt-0.5 text-sm text-muted">
                Up to {maxSeatsPerRegistration}, for you and anyone you bring.
              </p>
            </div>
            <HoneypotField id={`${id}-hp`} />
            <input type="hidden" name="sourcePage" value={path} />
            {payment ? (
              // Beside the button, and read with it, so registering never looks like buying
              // (docs/events.md, "Paid events"); the island copies it into its confirmation.
              <p
                id={`${id}-payment`}
                data-payment
                className="rounded-sm border-l-2 border-accent bg-paper px-2 py-1.5 text-[0.95rem] text-ink-soft sm:col-span-2"
              >
                <strong className="font-semibold text-ink">{price} a seat.</strong> {payment}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
              <button
                type="submit"
                className={buttonClass()}
                aria-describedby={payment ? `${id}-payment` : undefined}
              >
                Register
              </button>
              <p className="text-sm text-muted">
                <a href="/privacy" className="underline underline-offset-4">
                  How we handle your details
                </a>
              </p>
            </div>
            <FormStatus id={`${id}-status`} className="sm:col-span-2" message={null} />
          </form>
        </div>
      </Container>
    </section>
  );
}
