import { sql, type Transaction } from "kysely";
import type { CatalogEvent } from "../../domain/events.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";

/**
 * An event's seats, counted by the database (ADR 026): taken by a registration, given back when
 * one is canceled, erased or moved to Spam, and how many are left.
 */

type Trx = Transaction<Database>;

/** Too few seats left: the transaction rolls back, lead and all. */
export class NotEnoughSeats extends Error {
  readonly seatsLeft: number;
  constructor(seatsLeft: number) {
    super("not enough seats");
    this.seatsLeft = seatsLeft;
  }
}

/**
 * Takes `seats` at the event in one statement the database runs one at a time per event row:
 * "taken + seats <= capacity" is checked and the seats taken together, so no two
 * registrations, from any instance, can both have the last seat. Throws NotEnoughSeats.
 */
export async function takeSeats(trx: Trx, event: CatalogEvent, seats: number): Promise<void> {
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

/** Frees seats a deleted registration held (in the transaction that deleted it). */
export async function giveBackSeats(trx: Trx, slug: string, seats: number): Promise<void> {
  await trx
    .updateTable("event_seats")
    .set({ taken: sql<number>`taken - ${seats}` })
    .where("event_slug", "=", slug)
    .execute();
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
