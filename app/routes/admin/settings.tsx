import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { useOwnerClock } from "../../components/admin/owner-clock.tsx";
import { FormMessage } from "../../components/form-fields.tsx";
import { Container, Eyebrow } from "../../components/layout.tsx";
import { AvailabilityForm } from "../../features/booking/availability-form.tsx";
import { privateMeta } from "../../seo.ts";
import { authGet } from "../../session/api.ts";
import type { Route } from "./+types/settings";

export const meta = () => privateMeta("Settings");

/** The availability as saved; the layout's guard ran first. */
export async function clientLoader() {
  const result = await authGet(endpoints.bookingAvailability);
  return result.ok
    ? { availability: result.data, error: null }
    : { availability: null, error: result.error ?? leadTexts.failed };
}

/** The owner's settings (/admin/settings): when visitors may book a call. */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const clock = useOwnerClock();
  return (
    <Container className="pt-6 md:pt-8">
      <Eyebrow>Studio admin</Eyebrow>
      <h1 className="mt-1 text-title font-bold">Settings</h1>
      <section aria-labelledby="availability-heading" className="mt-4 max-w-4xl">
        <h2 id="availability-heading" className="text-2xl font-bold">
          Availability
        </h2>
        <p className="mt-1 text-muted">
          When visitors may book a free call. Every server offers the same times; calls already
          booked stay booked when you change these.
        </p>
        {loaderData.availability ? (
          <AvailabilityForm initial={loaderData.availability} timeZone={clock.timeZone} />
        ) : (
          <div className="mt-2">
            <FormMessage kind="error">{loaderData.error}</FormMessage>
          </div>
        )}
      </section>
    </Container>
  );
}
