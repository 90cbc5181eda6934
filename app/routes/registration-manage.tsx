import { formMessageClass } from "../../domain/form-message.ts";
import { Container, Eyebrow } from "../components/layout.tsx";
import type { RouteHandle } from "../root.tsx";
import { privateMeta } from "../seo.ts";

/**
 * A guest's event registration, from the link in their confirmation e-mail (ADR 026):
 * prerendered once, served for every /registration/{token}. The island reads the
 * registration and cancels it; without script, the guest replies to the e-mail instead.
 */
export const handle: RouteHandle = { hydrate: false };

export const meta = () => privateMeta("Your registration");

export default function RegistrationManagePage() {
  return (
    <Container className="min-h-[60vh] pt-16 pb-12 md:pt-20">
      <Eyebrow>Events</Eyebrow>
      <h1 className="mt-2 max-w-3xl text-title font-bold">Your registration</h1>
      <div className="mt-5 max-w-3xl">
        <div data-island="registration-manage" className="booking">
          <div className="booking-fallback">
            <p className="max-w-xl text-lg">
              Canceling here needs JavaScript, which is off in this browser. Reply to your
              confirmation email instead and we'll give your seats to someone else.
            </p>
          </div>
          <div className="booking-app" data-manage aria-busy="true">
            <p className="text-muted">Finding your registration…</p>
          </div>
          {/* The messages' looks, handed to the island so it loads no module for them. */}
          <div
            id="registration-manage-status"
            aria-live="polite"
            aria-atomic="true"
            className="mt-3"
            data-success={formMessageClass.success}
            data-error={formMessageClass.error}
          ></div>
        </div>
      </div>
    </Container>
  );
}
