import { useId, useState } from "react";
import type { LocationType, MeetingLocation } from "../../../domain/meeting-location.ts";
import { locationKind, locationLimits } from "../../../domain/meeting-location-texts.ts";
import { compactFieldClass } from "../../components/form-fields.tsx";

const choices: Array<{ type: LocationType; hint: string }> = [
  { type: "video", hint: "Your meeting room's link, sent to the visitor once booked." },
  { type: "phone", hint: "The booking page asks the visitor for a number to call." },
  { type: "in-person", hint: "Shown on the booking page, with a map link." },
];

/**
 * "Where calls happen" in the availability form (docs/booking.md): video with the owner's one
 * room link, a phone call to the visitor's number, or an address. The link and the address
 * typed are kept while another kind is picked, so a change of mind loses nothing.
 */
export function LocationField({
  value,
  onChange,
}: {
  value: MeetingLocation | null;
  onChange: (location: MeetingLocation) => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(value?.type === "video" ? value.url : "");
  const [address, setAddress] = useState(value?.type === "in-person" ? value.address : "");
  const pick = (type: LocationType) =>
    onChange(
      type === "video" ? { type, url } : type === "in-person" ? { type, address } : { type },
    );

  return (
    <fieldset className="grid gap-1" aria-describedby={`${id}-about`}>
      <legend className="text-lg font-bold">Where calls happen</legend>
      <p id={`${id}-about`} className="text-sm text-muted">
        {value
          ? "Shown on the booking page, the visitor's confirmation, reminder and invite."
          : "Not set yet: the booking page and the e-mails say nothing of where you meet. Pick one."}
      </p>
      <div className="grid gap-1 sm:grid-cols-3">
        {choices.map((choice) => (
          <label
            key={choice.type}
            className="flex min-h-[44px] cursor-pointer gap-1 rounded-sm border border-line bg-white p-1.5 text-sm has-[:checked]:border-accent-strong has-[:checked]:ring-1 has-[:checked]:ring-accent-strong"
          >
            <input
              type="radio"
              name={`${id}-type`}
              value={choice.type}
              checked={value?.type === choice.type}
              onChange={() => pick(choice.type)}
              aria-describedby={`${id}-${choice.type}`}
              className="mt-0.5 size-2 shrink-0 accent-accent-strong"
            />
            <span className="grid gap-0.5">
              <span className="font-semibold">{locationKind[choice.type]}</span>
              <span id={`${id}-${choice.type}`} className="text-muted">
                {choice.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {value?.type === "video" ? (
        <DetailField
          label="Meeting room link"
          type="url"
          inputMode="url"
          autoComplete="url"
          maxLength={locationLimits.url}
          placeholder="https://meet.google.com/abc-defg-hij"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            onChange({ type: "video", url: e.target.value });
          }}
        />
      ) : null}
      {value?.type === "in-person" ? (
        <DetailField
          label="Address"
          type="text"
          autoComplete="street-address"
          maxLength={locationLimits.address}
          placeholder="12 Harbor St, Portland, ME 04101"
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            onChange({ type: "in-person", address: e.target.value });
          }}
        />
      ) : null}
    </fieldset>
  );
}

/** The one detail a kind of place needs (the room's link, the address), labelled. */
function DetailField({
  label,
  ...input
}: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="grid gap-0.5 text-sm font-semibold">
      {label}
      <input {...input} className={compactFieldClass} />
    </label>
  );
}
