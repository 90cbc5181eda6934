import { sql, type Transaction } from "kysely";
import { catalogEventOf } from "../../domain/content-pages.ts";
import { eventSchema } from "../../domain/content-schema.ts";
import { type CatalogEvent, eventChange } from "../../domain/events.ts";
import type {
  LiveSide,
  LiveTransition,
  LiveTransitionHook,
} from "../content/content.repository.ts";
import type { Database } from "../db/schema.ts";
import { giveBackSeats } from "./event-seats.repository.ts";
import { emailedEvent, queueRegistrationEmail } from "./registrations.repository.ts";

/**
 * A published event's changes reach the people registered (docs/decisions/034). Told by the
 * content studio inside the transaction that publishes, unpublishes or deletes an entry, so
 * what it writes commits with that change, once: a publish is a compare-and-set that one
 * instance wins (ADR 031), and each e-mail's outbox key is the registration and its SEQUENCE.
 */

type Trx = Transaction<Database>;

/** An event's live snapshot as the server knows events; null when it is no valid event. */
function eventOf(side: LiveSide | null, siteUrl: string): CatalogEvent | null {
  if (!side) return null;
  const meta = eventSchema.safeParse(side.data);
  return meta.success ? catalogEventOf(side.slug, meta.data, siteUrl) : null;
}

/**
 * The hook the content studio is handed (server/app.ts): an upcoming event's new time or
 * place is sent to each registrant as an updated invite; an upcoming event taken off the site
 * (unpublished or deleted) is canceled for each. A past event, or one already started, is
 * history: nothing is sent and its registrations stay. `email`: whether there is an outbox.
 */
export function eventChangeHook({
  siteUrl,
  email,
}: {
  siteUrl: string;
  email: boolean;
}): LiveTransitionHook {
  return async (trx, transition) => {
    if (transition.type !== "event") return;
    const { before, after } = transition;
    if (before && after && before.slug !== after.slug)
      await moveRegistrations(trx, before.slug, after.slug);
    const was = eventOf(transition.before, siteUrl);
    if (!was || Date.parse(was.start) <= transition.now.getTime()) return;
    if (!transition.after) {
      await cancelEvent(trx, was, { now: transition.now, email });
      return;
    }
    const is = eventOf(transition.after, siteUrl);
    if (!is) return;
    const { time, place } = eventChange(was, is);
    if (time || place) await tellOfChange(trx, was, is, { transition, email });
  };
}

/**
 * An event published under a new slug takes its registrations and their seats along, so the
 * admin's list, the seat count and a later change or cancellation find them under the slug
 * the event is live at (docs/decisions/034). The old slug's seat row is locked first, so a
 * registration committing under it meanwhile is moved too. A guest already registered under
 * the new slug (a past event's leftovers under a reused slug) stays where they were.
 */
async function moveRegistrations(trx: Trx, from: string, to: string): Promise<void> {
  await trx
    .updateTable("event_seats")
    .set({ taken: sql<number>`taken` })
    .where("event_slug", "=", from)
    .execute();
  const moved = await trx
    .updateTable("event_registrations")
    .set({ event_slug: to })
    .where("event_slug", "=", from)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("event_registrations as there")
            .select("there.id")
            .where("there.event_slug", "=", to)
            .whereRef("there.email_key", "=", "event_registrations.email_key"),
        ),
      ),
    )
    .returning("seats")
    .execute();
  const seats = moved.reduce((sum, row) => sum + Number(row.seats), 0);
  if (seats === 0) return;
  await giveBackSeats(trx, from, seats);
  await trx
    .insertInto("event_seats")
    .values({ event_slug: to, taken: seats })
    .onConflict((oc) =>
      oc.column("event_slug").doUpdateSet({ taken: sql<number>`event_seats.taken + ${seats}` }),
    )
    .execute();
}

/**
 * Raises every registration's SEQUENCE and queues its updated invite: one e-mail per
 * registration and SEQUENCE, whatever retries or instances do. The registrations are those
 * of the slug the event is now live at (moved there by a rename).
 */
async function tellOfChange(
  trx: Trx,
  was: CatalogEvent,
  is: CatalogEvent,
  { transition, email }: { transition: LiveTransition; email: boolean },
): Promise<void> {
  const raised = await trx
    .updateTable("event_registrations")
    .set({ sequence: sql<number>`sequence + 1` })
    .where("event_slug", "=", is.slug)
    .returning(["id", "lead_id", "sequence"])
    .execute();
  if (!email) return;
  for (const row of raised) {
    const sequence = Number(row.sequence);
    await queueRegistrationEmail(trx, {
      leadId: row.lead_id,
      key: `changed:${sequence}`,
      payload: {
        registrationId: row.id,
        again: false,
        event: emailedEvent(is),
        sequence,
        changed: { start: was.start, end: was.end, place: was.place },
      },
      now: transition.now,
    });
  }
}

/**
 * Cancels an upcoming event for everyone registered: each registration is deleted and its
 * seats given back (the DELETE's RETURNING decides, as for one registration, ADR 026), and
 * each guest gets the cancellation, the invite withdrawn under the next SEQUENCE. The leads
 * stay.
 */
async function cancelEvent(
  trx: Trx,
  event: CatalogEvent,
  { now, email }: { now: Date; email: boolean },
): Promise<void> {
  const gone = await trx
    .deleteFrom("event_registrations")
    .where("event_slug", "=", event.slug)
    .returning(["id", "lead_id", "email", "first_name", "last_name", "seats", "sequence"])
    .execute();
  let seats = 0;
  for (const row of gone) {
    seats += Number(row.seats);
    if (!email) continue;
    await queueRegistrationEmail(trx, {
      leadId: row.lead_id,
      key: "canceled",
      payload: {
        registrationId: row.id,
        again: false,
        event: emailedEvent(event),
        sequence: Number(row.sequence) + 1,
        canceled: {
          email: row.email,
          firstName: row.first_name,
          lastName: row.last_name,
          seats: Number(row.seats),
          event: true,
        },
      },
      now,
    });
  }
  if (seats > 0) await giveBackSeats(trx, event.slug, seats);
}
