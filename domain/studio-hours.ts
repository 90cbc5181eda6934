import type { Availability } from "./booking.ts";
import { weekdays } from "./booking-texts.ts";

/**
 * The studio's hours as pages say them, from the booking availability's weekly hours (the
 * one place the owner keeps them, docs/site.md "Site settings"): runs of days with the same
 * periods, "Monday to Friday, 9:00 AM to 5:00 PM Eastern". Null when no day has hours.
 */
export function studioHours(weekly: Availability["weeklyHours"], timeZone: string): string | null {
  const runs: { from: string; to: string; periods: string }[] = [];
  for (const day of weekdays) {
    const periods = weekly[day].map(({ start, end }) => `${clock(start)} to ${clock(end)}`);
    if (periods.length === 0) continue;
    const said = periods.join(" and ");
    const last = runs.at(-1);
    const previousDay = weekdays[weekdays.indexOf(day) - 1];
    if (last && last.to === previousDay && last.periods === said) last.to = day;
    else runs.push({ from: day, to: day, periods: said });
  }
  if (runs.length === 0) return null;
  const days = ({ from, to }: { from: string; to: string }) =>
    from === to
      ? title(from)
      : weekdays.indexOf(to as never) - weekdays.indexOf(from as never) === 1
        ? `${title(from)} and ${title(to)}`
        : `${title(from)} to ${title(to)}`;
  return `${runs.map((run) => `${days(run)}, ${run.periods}`).join("; ")} ${zoneName(timeZone)}`;
}

const title = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/** "09:00" → "9:00 AM", "17:30" → "5:30 PM", "24:00" → "midnight". */
function clock(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  if (hours === 24 || (hours === 0 && minutes === 0)) return "midnight";
  const half = hours < 12 ? "AM" : "PM";
  return `${((hours + 11) % 12) + 1}:${String(minutes).padStart(2, "0")} ${half}`;
}

/** "America/New_York" → "Eastern", "Europe/Berlin" → "Central European". */
function zoneName(timeZone: string): string {
  if (/^(Etc\/)?(UTC|GMT|Universal|Zulu)$/.test(timeZone)) return "UTC";
  const named = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" })
    .formatToParts(new Date(0))
    .find((part) => part.type === "timeZoneName")?.value;
  return (named ?? timeZone).replace(/( Standard)? Time$/, "");
}
