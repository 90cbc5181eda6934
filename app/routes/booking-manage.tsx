import { ManageIsland } from "../components/booking-picker.tsx";
import { Container, Eyebrow } from "../components/layout.tsx";
import type { RouteHandle } from "../root.tsx";
import { privateMeta } from "../seo.ts";

/** Prerendered once; the server serves it for every /booking/{token} (ADR 022). */
export const handle: RouteHandle = { hydrate: false };

export const meta = () => privateMeta("Your call");

export default function BookingManagePage() {
  return (
    <Container className="min-h-[60vh] pt-16 pb-12 md:pt-20">
      <Eyebrow>Your call with Fineline Studio</Eyebrow>
      <h1 className="mt-2 max-w-3xl text-title font-bold">Your booking</h1>
      <div className="mt-5 max-w-3xl">
        <ManageIsland />
      </div>
    </Container>
  );
}
