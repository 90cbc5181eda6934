import type { Transaction } from "kysely";
import { clientCaps, clientCapTexts } from "../../domain/client-caps.ts";
import type { Database } from "../db/schema.ts";
import { holdClientKeys, OverCap } from "../http/client-caps.ts";

/**
 * At most so many seats of one event per client address, across its registrations under any
 * names and e-mail addresses (docs/events.md, "Limits"): counted inside the registration's
 * transaction with the client's key for this event held, so registrations sent at the same
 * moment, on any instance, are counted one after another. Throws OverCap.
 */
export async function checkSeatCap(
  trx: Transaction<Database>,
  { slug, clientKey, seats }: { slug: string; clientKey: string; seats: number },
): Promise<void> {
  await holdClientKeys(trx, [`seats:${slug}:${clientKey}`]);
  const held = await trx
    .selectFrom("event_registrations")
    .select((eb) => eb.fn.sum<number | string | null>("seats").as("seats"))
    .where("event_slug", "=", slug)
    .where("client_key", "=", clientKey)
    .executeTakeFirst();
  if (Number(held?.seats ?? 0) + seats > clientCaps.seatsPerAddress)
    throw new OverCap(clientCapTexts.seatsForAddress(clientCaps.seatsPerAddress));
}
