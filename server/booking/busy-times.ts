import ICAL from "ical.js";
import type { Span } from "../../domain/booking-slots.ts";
import { isTimeZone, zonedMinute } from "../../domain/dates.ts";

/**
 * The owner's busy times from the events of his calendar (iCalendar text, RFC 5545), within
 * [from, to): recurring events expanded (RRULE, RDATE, EXDATE, moved or cancelled
 * occurrences), in whatever zone each is written. An event is busy unless it is cancelled or
 * marked free (TRANSP:TRANSPARENT); an all-day event holds the owner's whole day. Our own
 * meetings (`isOwnMeeting` by UID) are left out: the database holds them already, and a
 * meeting being moved must not stand in its own way.
 */
export function busyTimes(
  objects: readonly string[],
  {
    from,
    to,
    ownerTimeZone,
    isOwnMeeting,
  }: { from: number; to: number; ownerTimeZone: string; isOwnMeeting: (uid: string) => boolean },
): Span[] {
  const busy: Span[] = [];
  for (const text of objects) {
    let calendar: ICAL.Component;
    try {
      calendar = new ICAL.Component(ICAL.parse(text));
    } catch {
      continue; // one unreadable object does not hide the rest
    }
    for (const zone of calendar.getAllSubcomponents("vtimezone"))
      ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents("vevent");
    const overrides = events.filter((e) => e.hasProperty("recurrence-id"));
    const masters = events.filter((e) => !e.hasProperty("recurrence-id"));
    const masterUids = new Set(masters.map((m) => String(m.getFirstPropertyValue("uid"))));
    for (const master of masters) {
      const uid = String(master.getFirstPropertyValue("uid") ?? "");
      if (isOwnMeeting(uid)) continue;
      const event = new ICAL.Event(master, {
        exceptions: overrides.filter((o) => o.getFirstPropertyValue("uid") === uid),
      });
      busy.push(...occurrencesOf(event, { from, to, ownerTimeZone }));
    }
    // An occurrence sent without its series (some servers answer a time range that way).
    for (const orphan of overrides) {
      const uid = String(orphan.getFirstPropertyValue("uid") ?? "");
      if (masterUids.has(uid) || isOwnMeeting(uid)) continue;
      busy.push(...occurrencesOf(new ICAL.Event(orphan), { from, to, ownerTimeZone }));
    }
  }
  return busy.sort((a, b) => a.start - b.start);
}

/** A series is expanded this far at most: a rule without end never loops forever. */
const maxOccurrences = 20_000;

function occurrencesOf(
  event: ICAL.Event,
  { from, to, ownerTimeZone }: { from: number; to: number; ownerTimeZone: string },
): Span[] {
  const spans: Span[] = [];
  const add = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
    if (!isBusy(item.component)) return;
    const span = {
      start: instantOf(start, item.component.getFirstProperty("dtstart"), ownerTimeZone),
      end: instantOf(end, endProperty(item.component), ownerTimeZone),
    };
    if (span.end > span.start && span.end > from && span.start < to) spans.push(span);
  };
  if (!event.isRecurring()) {
    add(event, event.startDate, event.endDate);
    return spans;
  }
  const iterator = event.iterator();
  for (let i = 0, next = iterator.next(); next && i < maxOccurrences; i++) {
    const details = event.getOccurrenceDetails(next);
    // A day's margin: an occurrence's wall time may sit in any zone.
    if (details.startDate.toUnixTime() * 1000 > to + 86_400_000) break;
    add(details.item, details.startDate, details.endDate);
    next = iterator.next();
  }
  return spans;
}

function isBusy(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transparency = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status !== "CANCELLED" && transparency !== "TRANSPARENT";
}

const endProperty = (component: ICAL.Component) =>
  component.getFirstProperty("dtend") ?? component.getFirstProperty("dtstart");

/**
 * An iCalendar time as an instant. UTC and zones the object defines (VTIMEZONE) are ical.js's
 * to convert. A date is the owner's midnight. A TZID the object does not define is read as
 * the IANA zone of that name, as calendar servers mean it; a floating time is the owner's.
 */
function instantOf(time: ICAL.Time, property: ICAL.Property | null, ownerTimeZone: string) {
  if (time.isDate) return zonedMinute(dateOf(time), 0, ownerTimeZone).getTime();
  if (time.zone && time.zone.tzid !== "floating") return time.toUnixTime() * 1000;
  const named = property?.getParameter("tzid");
  const zone = typeof named === "string" && isTimeZone(named) ? named : ownerTimeZone;
  return (
    zonedMinute(dateOf(time), time.hour * 60 + time.minute, zone).getTime() + time.second * 1000
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dateOf = (time: ICAL.Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
