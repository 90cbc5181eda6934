import type { CatalogEvent, EventSummary, RegistrationRecord } from "../../domain/events.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";

/** The admin's view of events (ADR 026): each with its seats, and who registered. */

/** Every event with its seats and registrations, upcoming soonest first, then past latest first. */
export async function eventSummaries(
  db: Db,
  events: readonly CatalogEvent[],
  now: Date,
): Promise<EventSummary[]> {
  const [seats, counts] = await Promise.all([
    db.selectFrom("event_seats").select(["event_slug", "taken"]).execute(),
    db
      .selectFrom("event_registrations")
      .select((eb) => ["event_slug", eb.fn.countAll<number | string>().as("n")])
      .groupBy("event_slug")
      .execute(),
  ]);
  const taken = new Map(seats.map((row) => [row.event_slug, Number(row.taken)]));
  const registrations = new Map(counts.map((row) => [row.event_slug, Number(row.n)]));
  const summaries = events.map((event) => summaryOf(event, now, taken, registrations));
  const upcoming = summaries
    .filter((s) => s.upcoming)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const past = summaries
    .filter((s) => !s.upcoming)
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  return [...upcoming, ...past];
}

function summaryOf(
  event: CatalogEvent,
  now: Date,
  taken: ReadonlyMap<string, number>,
  registrations: ReadonlyMap<string, number>,
): EventSummary {
  const seatsTaken = taken.get(event.slug) ?? 0;
  return {
    slug: event.slug,
    title: event.title,
    start: event.start,
    end: event.end,
    place: event.place,
    url: event.url,
    capacity: event.capacity,
    seatsTaken,
    seatsLeft: Math.max(0, event.capacity - seatsTaken),
    registrations: registrations.get(event.slug) ?? 0,
    upcoming: now.getTime() < Date.parse(event.start),
  };
}

/** One event's summary and its registrations, oldest first. */
export async function registrationsOf(
  db: Db,
  event: CatalogEvent,
  now: Date,
): Promise<{ event: EventSummary; registrations: RegistrationRecord[] }> {
  const rows = await db
    .selectFrom("event_registrations")
    .select(["id", "lead_id", "first_name", "last_name", "email", "seats", "created_at"])
    .where("event_slug", "=", event.slug)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const [summary] = await eventSummaries(db, [event], now);
  if (!summary) throw new Error("unreachable: one event in, one summary out");
  return {
    event: summary,
    registrations: rows.map((row) => ({
      ID: row.id,
      leadId: row.lead_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      seats: Number(row.seats),
      createdAt: toIso(row.created_at),
    })),
  };
}
