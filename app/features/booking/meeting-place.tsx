import type { MeetingRecord } from "../../../domain/booking.ts";
import { locationKind } from "../../../domain/meeting-location-texts.ts";

/**
 * Where a booked call happens, for the owner: the kind, and the number to call (a link the
 * phone dials) or the address. Nothing for a call booked while no place was set.
 */
export function MeetingPlace({ meeting }: { meeting: MeetingRecord }) {
  const { location, Phone } = meeting;
  if (!location) return null;
  return (
    <span className="text-sm">
      {locationKind[location.type]}
      {location.type === "phone" && Phone ? (
        <>
          {": "}
          <a href={`tel:${Phone.replace(/[^\d+]/g, "")}`} className="font-semibold underline">
            {Phone}
          </a>
        </>
      ) : null}
      {location.type === "in-person" ? `: ${location.address}` : null}
    </span>
  );
}
