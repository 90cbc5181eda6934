import { type CalendarDate, dayLabel } from "../../../domain/dates.ts";

/**
 * Dates in the admin, in the owner's time zone (TIMEZONE), whatever the browser's, and saying
 * which ("Nov 30, 2026, 10:00 AM EST"): a time without its zone is a guess for anyone reading
 * it from elsewhere, and for the owner when TIMEZONE is not what they think.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
export function formatDateTime(iso: string, timeZone?: string): string {
  const key = timeZone ?? "";
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** A calendar day ("Thu, Nov 26"), said as the e-mails say it: a date, so no zone moves it. */
export const formatDay = (date: CalendarDate) => dayLabel(date);

/** "3 h 20 min", "1 day 2 h": a duration in minutes, for the dashboard. */
export function duration(minutes: number): string {
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  if (hours < 24) return total % 60 ? `${hours} h ${total % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? "day" : "days"}${rest ? ` ${rest} h` : ""}`;
}

/**
 * Human names for the fixed field names (docs/product.md, "The lead record"), for history lines.
 */
export const fieldNames = {
  CommStatus: "Communication status",
  LeadStatus: "Lead status",
  Notes: "Notes",
  NextFollowUp: "Next follow-up",
  Meeting: "Call",
  Value: "Deal value",
  AssignedTo: "Owner",
  Merged: "Merged",
} as const;

/** A deal value as the owner reads it: "$12,500", in the studio's CURRENCY, no cents. */
export function formatMoney(value: number, currency = "USD"): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(value);
}
