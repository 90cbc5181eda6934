import { sql, type Transaction } from "kysely";
import type { CatalogEvent, EventSummary, RegistrationRecord } from "../../domain/events.ts";
import type { SpamReason } from "../../domain/spam.ts";
import { insertContactLead, type NewContactLead } from "../contact/lead-intake.repository.ts";
import type { Db } from "../db/connect.ts";
import { type Database, toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { OverCap } from "../http/client-caps.ts";
import { checkSeatCap } from "./seat-caps.ts";

/** All SQL for event registrations (ADR 026). */

type Trx = Transaction<Database>;

/** What a registration's e-mail needs, as it was when it was queued. */
export type RegistrationEmailPayload = {
  registrationId: string;
  /** Sent again to someone who registered twice: says what stands. */
  again: boolean;
  event: Pick<
    CatalogEvent,
    "slug" | "title" | "start" | "end" | "place" | "price" | "payment" | "url"
  >;
  /**
   * The owner canceled the registration: who it was for (the row itself is gone by the time
   * the e-mail is sent, and the seats with it).
   */
  canceled?: { email: string; firstName: string; lastName: string; seats: number };
};

type EmailedEvent = RegistrationEmailPayload["event"];

const emailedEvent = (event: CatalogEvent): EmailedEvent => ({
  slug: event.slug,
  title: event.title,
  start: event.start,
  end: event.end,
  place: event.place,
  price: event.price,
  ...(event.payment ? { payment: event.payment } : {}),
  url: event.url,
});

export type RegistrationOutcome =
  | { kind: "registered"; registrationId: string; leadId: string; repeat: boolean }
  | { kind: "spam"; reason: SpamReason }
  | { kind: "full"; seatsLeft: number }
  | { kind: "capped"; message: string; retryAfterSeconds: number };

/** Too few seats left: the transaction rolls back, lead and all. */
class NotEnoughSeats extends Error {
  readonly seatsLeft: number;
  constructor(seatsLeft: number) {
    super("not enough seats");
    this.seatsLeft = seatsLeft;
  }
}
/** The same person registered meanwhile (a second request at the same moment). */
class RegisteredMeanwhile extends Error {}

const emailKey = (email: string) => email.trim().toLowerCase();

async function existingRegistration(trx: Trx | Db, slug: string, email: string) {
  return trx
    .selectFrom("event_registrations")
    .select(["id", "lead_id as leadId", "seats"])
    .where("event_slug", "=", slug)
    .where("email_key", "=", emailKey(email))
    .executeTakeFirst();
}

/**
 * Takes `seats` at the event in one statement the database runs one at a time per event row:
 * "taken + seats <= capacity" is checked and the seats taken together, so no two
 * registrations, from any instance, can both have the last seat. Throws NotEnoughSeats.
 */
async function takeSeats(trx: Trx, event: CatalogEvent, seats: number): Promise<void> {
  await trx
    .insertInto("event_seats")
    .values({ event_slug: event.slug, taken: 0 })
    .onConflict((oc) => oc.column("event_slug").doNothing())
    .execute();
  const taken = await trx
    .updateTable("event_seats")
    .set({ taken: sql<number>`taken + ${seats}` })
    .where("event_slug", "=", event.slug)
    .where(sql<boolean>`taken + ${seats} <= ${event.capacity}`)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1) return;
  const row = await trx
    .selectFrom("event_seats")
    .select("taken")
    .where("event_slug", "=", event.slug)
    .executeTakeFirstOrThrow();
  throw new NotEnoughSeats(Math.max(0, event.capacity - Number(row.taken)));
}

/**
 * Queues one of a registration's e-mails once per key (the outbox's (kind, key) index). Its
 * lead owns it: erasing the lead before it is sent takes it along, address and all.
 */
async function queueRegistrationEmail(
  trx: Trx,
  {
    leadId,
    key,
    payload,
    now,
  }: { leadId: string; key: string; payload: RegistrationEmailPayload; now: Date },
): Promise<void> {
  const at = now.toISOString();
  await trx
    .insertInto("outbox")
    .values({
      id: uuidv7(now.getTime()),
      kind: "event-registration",
      lead_id: leadId,
      dedupe_key: `${payload.registrationId}:${key}`,
      payload: JSON.stringify(payload),
      next_attempt_at: at,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(["kind", "dedupe_key"]).doNothing())
    .execute();
}

function queueConfirmation(
  trx: Trx,
  {
    registrationId,
    leadId,
    event,
    again,
    now,
  }: { registrationId: string; leadId: string; event: CatalogEvent; again: boolean; now: Date },
): Promise<void> {
  return queueRegistrationEmail(trx, {
    leadId,
    // The first confirmation once; a repeat's reminder of what stands at most once a day,
    // so a form cannot be used to fill someone's inbox.
    key: again ? `again:${now.toISOString().slice(0, 10)}` : "confirmation",
    payload: { registrationId, again, event: emailedEvent(event) },
    now,
  });
}

/**
 * Registers a visitor in one transaction: their lead (the newest with the address, or a new
 * one as the contact form makes it, with its spam verdict), the seats, the registration and
 * its confirmation e-mail. Too few seats rolls all of it back. A spam verdict is kept for
 * review and takes no seat. The same address registered already gets what stands (its
 * confirmation again, at most daily), not a second registration, whatever it asks for now:
 * the answer never tells a stranger whether, or for how many seats, someone registered.
 */
export async function registerForEvent(
  db: Db,
  {
    event,
    lead,
    seats,
    now,
    email,
    client,
  }: {
    event: CatalogEvent;
    lead: Omit<NewContactLead, "message">;
    seats: number;
    now: Date;
    /** Who sent it (client-caps.ts), and whether the seat cap per client applies (RATE_LIMIT). */
    client: { key: string; capped: boolean };
    /** Whether confirmations are e-mailed (an outbox: SMTP_URL and NOTIFY_EMAIL set). */
    email: boolean;
  },
): Promise<RegistrationOutcome> {
  const attempt = () =>
    db.transaction().execute(async (trx): Promise<RegistrationOutcome> => {
      const earlier = await existingRegistration(trx, event.slug, lead.email);
      if (earlier && !lead.spam) {
        if (email)
          await queueConfirmation(trx, {
            registrationId: earlier.id,
            leadId: earlier.leadId,
            event,
            again: true,
            now,
          });
        return {
          kind: "registered",
          registrationId: earlier.id,
          leadId: earlier.leadId,
          repeat: true,
        };
      }
      // No message of the visitor's own: the lead's message stays theirs alone, and a fixed
      // text would make every registration "repeat" one another for the spam rules. A lead of
      // its own, never one found by the address: a stranger typing someone's address must not
      // attach to their lead (docs/security.md, "A stranger reads a visitor's name").
      const stored = await insertContactLead(trx, {
        lead: { ...lead, message: "" },
        now,
        notify: email,
        storeRepeatOnce: false,
      });
      if (stored.spam) return { kind: "spam", reason: stored.spam };
      if (client.capped)
        await checkSeatCap(trx, { slug: event.slug, clientKey: client.key, seats });
      await takeSeats(trx, event, seats);
      const registrationId = uuidv7(now.getTime());
      const inserted = await trx
        .insertInto("event_registrations")
        .values({
          id: registrationId,
          event_slug: event.slug,
          lead_id: stored.id,
          email: lead.email,
          email_key: emailKey(lead.email),
          first_name: lead.firstName,
          last_name: lead.lastName,
          seats,
          client_key: client.key,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(["event_slug", "email_key"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new RegisteredMeanwhile();
      if (email)
        await queueConfirmation(trx, {
          registrationId,
          leadId: stored.id,
          event,
          again: false,
          now,
        });
      return { kind: "registered", registrationId, leadId: stored.id, repeat: false };
    });
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof NotEnoughSeats) return { kind: "full", seatsLeft: error.seatsLeft };
    if (error instanceof OverCap)
      return { kind: "capped", message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    // Rolled back, seats and all: now the other request's registration is there to answer with.
    if (error instanceof RegisteredMeanwhile) return attempt();
    throw error;
  }
}

/** Seats left at an event now. */
export async function seatsLeft(db: Db, event: CatalogEvent): Promise<number> {
  const row = await db
    .selectFrom("event_seats")
    .select("taken")
    .where("event_slug", "=", event.slug)
    .executeTakeFirst();
  return Math.max(0, event.capacity - Number(row?.taken ?? 0));
}

/**
 * Gives back a lead's seats and drops its registrations: when it is erased or moved to Spam
 * (inside that transaction).
 */
export async function releaseRegistrations(trx: Trx, leadId: string): Promise<void> {
  const held = await trx
    .deleteFrom("event_registrations")
    .where("lead_id", "=", leadId)
    .returning(["event_slug", "seats"])
    .execute();
  for (const { event_slug, seats } of held) await giveBackSeats(trx, event_slug, Number(seats));
}

/** Frees seats a deleted registration held (in the transaction that deleted it). */
async function giveBackSeats(trx: Trx, slug: string, seats: number): Promise<void> {
  await trx
    .updateTable("event_seats")
    .set({ taken: sql<number>`taken - ${seats}` })
    .where("event_slug", "=", slug)
    .execute();
}

/**
 * The owner cancels one registration: it is deleted and its seats given back in one
 * transaction (the DELETE's RETURNING decides, so two cancels at once free the seats once).
 * For an event still to come, the visitor's cancellation is queued with it. Null when there
 * is no such registration at this event (any more).
 */
export async function cancelRegistration(
  db: Db,
  { event, id, now, email }: { event: CatalogEvent; id: string; now: Date; email: boolean },
): Promise<{ emailed: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom("event_registrations")
      .where("id", "=", id)
      .where("event_slug", "=", event.slug)
      .returning(["lead_id", "email", "first_name", "last_name", "seats"])
      .executeTakeFirst();
    if (!gone) return null;
    const seats = Number(gone.seats);
    await giveBackSeats(trx, event.slug, seats);
    const upcoming = now.getTime() < Date.parse(event.start);
    if (!email || !upcoming) return { emailed: false };
    await queueRegistrationEmail(trx, {
      leadId: gone.lead_id,
      key: "canceled",
      payload: {
        registrationId: id,
        again: false,
        event: emailedEvent(event),
        canceled: {
          email: gone.email,
          firstName: gone.first_name,
          lastName: gone.last_name,
          seats,
        },
      },
      now,
    });
    return { emailed: true };
  });
}

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

/** A registration and its event's slug, for its confirmation e-mail; undefined once erased. */
export async function findRegistration(db: Db, id: string) {
  return db
    .selectFrom("event_registrations")
    .select(["id", "event_slug", "lead_id", "email", "first_name", "last_name", "seats"])
    .where("id", "=", id)
    .executeTakeFirst();
}
