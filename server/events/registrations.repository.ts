import type { Transaction } from "kysely";
import type { CatalogEvent } from "../../domain/events.ts";
import type { SpamReason } from "../../domain/spam.ts";
import { insertContactLead, type NewContactLead } from "../contact/lead-intake.repository.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import { OverCap } from "../http/client-caps.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import { enqueueWebhookEvent } from "../webhooks/webhooks.repository.ts";
import { giveBackSeats, NotEnoughSeats, takeSeats } from "./event-seats.repository.ts";
import { checkSeatCap } from "./seat-caps.ts";

/**
 * Registrations' writes (ADR 026): registering, canceling, releasing a lead's, and the e-mails
 * they queue, which read a registration back here. The seats they take are counted in
 * event-seats.repository.ts; the admin's view of events is event-summaries.repository.ts.
 */

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
   * The invite's SEQUENCE as it was queued (docs/decisions/034). Rows queued before it was
   * kept have none: 0 for a confirmation, 1 for a cancellation, as they were then.
   */
  sequence?: number;
  /** The event's time or place changed: what they were before (its `event` is the new). */
  changed?: Pick<CatalogEvent, "start" | "end" | "place">;
  /**
   * The registration was canceled: who it was for (the row itself is gone by the time the
   * e-mail is sent, and the seats with it), and whether the whole event was (docs/decisions/034).
   */
  canceled?: {
    email: string;
    firstName: string;
    lastName: string;
    seats: number;
    event?: boolean;
  };
};

type EmailedEvent = RegistrationEmailPayload["event"];

export const emailedEvent = (event: CatalogEvent): EmailedEvent => ({
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

/** The same person registered meanwhile (a second request at the same moment). */
class RegisteredMeanwhile extends Error {}

const emailKey = (email: string) => email.trim().toLowerCase();

async function existingRegistration(trx: Trx | Db, slug: string, email: string) {
  return trx
    .selectFrom("event_registrations")
    .select(["id", "lead_id as leadId", "seats", "sequence"])
    .where("event_slug", "=", slug)
    .where("email_key", "=", emailKey(email))
    .executeTakeFirst();
}

/**
 * Queues one of a registration's e-mails once per key (the outbox's (kind, key) index). Its
 * lead owns it: erasing the lead before it is sent takes it along, address and all.
 */
export async function queueRegistrationEmail(
  trx: Trx,
  {
    leadId,
    key,
    payload,
    now,
  }: { leadId: string; key: string; payload: RegistrationEmailPayload; now: Date },
): Promise<void> {
  await enqueueOutbox(trx, {
    kind: "event-registration",
    leadId,
    dedupeKey: `${payload.registrationId}:${key}`,
    payload,
    now,
  });
}

function queueConfirmation(
  trx: Trx,
  {
    registrationId,
    leadId,
    event,
    again,
    sequence,
    now,
  }: {
    registrationId: string;
    leadId: string;
    event: CatalogEvent;
    again: boolean;
    /** The registration's invite as it stands: its reminder must not undo a later change. */
    sequence: number;
    now: Date;
  },
): Promise<void> {
  return queueRegistrationEmail(trx, {
    leadId,
    // The first confirmation once; a repeat's reminder of what stands at most once a day,
    // so a form cannot be used to fill someone's inbox.
    key: again ? `again:${now.toISOString().slice(0, 10)}` : "confirmation",
    payload: { registrationId, again, event: emailedEvent(event), sequence },
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
            sequence: Number(earlier.sequence),
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
          sequence: 0,
          now,
        });
      // As the admin's registrations list shows it (registrationRecord), with its event.
      await enqueueWebhookEvent(
        trx,
        "registration.created",
        {
          ID: registrationId,
          leadId: stored.id,
          firstName: lead.firstName,
          lastName: lead.lastName,
          email: lead.email,
          seats,
          createdAt: now.toISOString(),
          event: { slug: event.slug, title: event.title },
        },
        now,
      );
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
      .returning(["lead_id", "email", "first_name", "last_name", "seats", "sequence"])
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
        // The invite it withdraws is the one last sent: the next SEQUENCE.
        sequence: Number(gone.sequence) + 1,
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

/** A registration and its event's slug, for its confirmation e-mail; undefined once erased. */
export async function findRegistration(db: Db, id: string) {
  return db
    .selectFrom("event_registrations")
    .select([
      "id",
      "event_slug",
      "lead_id",
      "email",
      "first_name",
      "last_name",
      "seats",
      "sequence",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}
