import { useId, useState } from "react";
import * as z from "zod/mini";
import { type Availability, availability as availabilitySchema } from "../../../domain/booking.ts";
import { bookingTexts, type Weekday, weekdays } from "../../../domain/booking-texts.ts";
import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { compactFieldClass, FormStatus } from "../../components/form-fields.tsx";
import { buttonClass } from "../../components/layout.tsx";
import { authPost } from "../../session/api.ts";
import { LocationField } from "./location-field.tsx";

const dayNames: Record<Weekday, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

const numberField = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));

/**
 * "Availability" on the Settings screen: the weekly hours (periods per weekday, in the
 * owner's zone), where calls happen, the call's length and buffer, the notice, how far ahead,
 * the daily maximum and days off. Checked with the API's own schema before it is sent, so the form and the API
 * say the same thing; saved with PUT /api/booking/availability.
 */
export function AvailabilityForm({
  initial,
  timeZone,
}: {
  initial: Availability;
  timeZone: string;
}) {
  const id = useId();
  const [value, setValue] = useState<Availability>(initial);
  const [dayOff, setDayOff] = useState("");
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Availability>) => setValue((current) => ({ ...current, ...change }));
  const setDay = (day: Weekday, periods: Availability["weeklyHours"][Weekday]) =>
    set({ weeklyHours: { ...value.weeklyHours, [day]: periods } });

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = z.safeParse(availabilitySchema, value);
    if (!checked.success) {
      setStatus({ kind: "error", text: checked.error.issues[0]?.message ?? leadTexts.failed });
      return;
    }
    setBusy(true);
    const result = await authPost(endpoints.saveAvailability, checked.data);
    setBusy(false);
    setStatus(
      result.ok
        ? { kind: "success", text: result.data.message }
        : { kind: "error", text: result.error ?? leadTexts.failed },
    );
  }

  return (
    <form onSubmit={save} aria-describedby={`${id}-status`} className="mt-2 grid gap-3" noValidate>
      <fieldset className="grid gap-1">
        <legend className="text-lg font-bold">Weekly hours</legend>
        <p className="text-sm text-muted">
          In your time zone, <strong className="text-ink">{timeZone.replaceAll("_", " ")}</strong>.
          A day without periods is closed. Visitors see these times in their own zone.
        </p>
        {timeZone === "UTC" ? (
          // UTC is what an unset TIMEZONE means (README, "Configuration"): rarely a studio's zone.
          <p className="text-sm font-semibold text-error">
            Is UTC your time zone? Calls are offered in it. Set TIMEZONE on the server to yours (for
            example America/New_York) and restart it.
          </p>
        ) : null}
        {weekdays.map((day) => {
          const periods = value.weeklyHours[day];
          return (
            <div
              key={day}
              className="grid gap-0.5 border-b border-line pb-1 sm:grid-cols-[8rem_1fr]"
            >
              <span className="font-semibold" id={`${id}-${day}`}>
                {dayNames[day]}
              </span>
              <div className="grid gap-0.5">
                {periods.length === 0 ? <span className="text-muted">Closed</span> : null}
                {periods.map((period, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: periods have no identity of their own.
                  <div key={index} className="flex flex-wrap items-end gap-1">
                    <label className="text-sm font-semibold">
                      From
                      <input
                        type="time"
                        step={300}
                        value={period.start}
                        aria-describedby={`${id}-${day}`}
                        onChange={(e) =>
                          setDay(
                            day,
                            periods.map((p, i) =>
                              i === index ? { ...p, start: e.target.value } : p,
                            ),
                          )
                        }
                        className={`${compactFieldClass} w-[8.5rem]`}
                      />
                    </label>
                    <label className="text-sm font-semibold">
                      To
                      <input
                        type="time"
                        step={300}
                        value={period.end === "24:00" ? "23:59" : period.end}
                        aria-describedby={`${id}-${day}`}
                        onChange={(e) =>
                          setDay(
                            day,
                            periods.map((p, i) =>
                              i === index ? { ...p, end: e.target.value } : p,
                            ),
                          )
                        }
                        className={`${compactFieldClass} w-[8.5rem]`}
                      />
                    </label>
                    <button
                      type="button"
                      onClick={() =>
                        setDay(
                          day,
                          periods.filter((_, i) => i !== index),
                        )
                      }
                      className={buttonClass("secondary", "sm")}
                    >
                      Remove
                      <span className="sr-only">
                        {" "}
                        {dayNames[day]} period {index + 1}
                      </span>
                    </button>
                  </div>
                ))}
                {periods.length < 4 ? (
                  <button
                    type="button"
                    onClick={() =>
                      setDay(day, [
                        ...periods,
                        periods.length === 0
                          ? { start: "09:00", end: "17:00" }
                          : { start: periods.at(-1)?.end ?? "13:00", end: "17:00" },
                      ])
                    }
                    className={`justify-self-start ${buttonClass("secondary", "sm")}`}
                  >
                    {periods.length === 0 ? "Open" : "Add a period"}
                    <span className="sr-only"> on {dayNames[day]}</span>
                  </button>
                ) : null}
              </div>
            </div>
          );
        })}
      </fieldset>

      <LocationField value={value.location} onChange={(location) => set({ location })} />

      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        <NumberField
          label="Meeting length (minutes)"
          value={value.meetingMinutes}
          step={5}
          onChange={(n) => set({ meetingMinutes: n })}
          hint={bookingTexts.meetingMinutes}
        />
        <NumberField
          label="Buffer between meetings (minutes)"
          value={value.bufferMinutes}
          step={5}
          onChange={(n) => set({ bufferMinutes: n })}
          hint={bookingTexts.bufferMinutes}
        />
        <NumberField
          label="Minimum notice (hours)"
          value={value.noticeHours}
          onChange={(n) => set({ noticeHours: n })}
          hint="Before a booking, and before a visitor may move or cancel one."
        />
        <NumberField
          label="Book up to (days ahead)"
          value={value.horizonDays}
          onChange={(n) => set({ horizonDays: n })}
          hint={bookingTexts.horizonDays}
        />
        <label className="grid gap-0.5 text-sm font-semibold">
          Meetings a day, at most
          <input
            type="number"
            min={1}
            max={50}
            inputMode="numeric"
            value={value.maxPerDay ?? ""}
            placeholder="No limit"
            onChange={(e) =>
              set({ maxPerDay: e.target.value === "" ? null : numberField(e.target.value) })
            }
            className={compactFieldClass}
          />
          <span className="font-normal text-muted">Leave empty for no limit.</span>
        </label>
      </div>

      <fieldset className="grid gap-1">
        <legend className="text-lg font-bold">Days off</legend>
        <div className="flex flex-wrap items-end gap-1">
          <label className="text-sm font-semibold">
            Add a day off
            <input
              type="date"
              value={dayOff}
              onChange={(e) => setDayOff(e.target.value)}
              className={`${compactFieldClass} w-[11rem]`}
            />
          </label>
          <button
            type="button"
            onClick={() => {
              if (!dayOff || value.daysOff.includes(dayOff)) return;
              set({ daysOff: [...value.daysOff, dayOff].sort() });
              setDayOff("");
            }}
            className={buttonClass("secondary", "sm")}
          >
            Add day off
          </button>
        </div>
        {value.daysOff.length === 0 ? <p className="text-muted">No days off.</p> : null}
        <ul className="flex flex-wrap gap-0.5">
          {value.daysOff.map((date) => (
            <li key={date}>
              <button
                type="button"
                onClick={() => set({ daysOff: value.daysOff.filter((d) => d !== date) })}
                className="inline-flex min-h-[44px] items-center gap-0.5 rounded-sm border border-line bg-white px-1 text-sm font-semibold min-[1024px]:min-h-[32px]"
              >
                {date}
                <span aria-hidden="true">×</span>
                <span className="sr-only">(remove this day off)</span>
              </button>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" aria-disabled={busy} className={buttonClass("primary")}>
          {busy ? "Saving…" : "Save availability"}
        </button>
        <FormStatus id={`${id}-status`} message={status} />
      </div>
    </form>
  );
}

function NumberField({
  label,
  value,
  onChange,
  hint,
  step = 1,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  hint: string;
  step?: number;
}) {
  const id = useId();
  return (
    <label className="grid gap-0.5 text-sm font-semibold">
      {label}
      <input
        type="number"
        inputMode="numeric"
        step={step}
        value={Number.isNaN(value) ? "" : value}
        onChange={(e) => onChange(numberField(e.target.value))}
        aria-describedby={`${id}-hint`}
        className={compactFieldClass}
      />
      <span id={`${id}-hint`} className="font-normal text-muted">
        {hint}
      </span>
    </label>
  );
}
