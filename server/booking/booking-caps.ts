import type { Transaction } from "kysely";
import { clientCaps, clientCapTexts } from "../../domain/client-caps.ts";
import type { Database } from "../db/schema.ts";
import { holdClientKeys, OverCap } from "../http/client-caps.ts";

/**
 * At most so many upcoming calls per client address and per e-mail address (docs/booking.md,
 * "Limits"), decided inside the booking's transaction with the client's keys held, so that
 * calls booked at the same moment, on any instance, are counted one after another. Throws
 * OverCap. Only counts are read: the answer never tells when anyone's call is.
 */
export async function checkBookingCaps(
  trx: Transaction<Database>,
  { clientKey, email, now }: { clientKey: string; email: string; now: Date },
): Promise<void> {
  const address = email.trim().toLowerCase();
  await holdClientKeys(trx, [clientKey, `mail:${address}`]);
  const upcoming = trx
    .selectFrom("meetings")
    .innerJoin("leads", "leads.id", "meetings.lead_id")
    .select((eb) => eb.fn.countAll<number | string>().as("calls"))
    .where("meetings.status", "=", "booked")
    .where("meetings.start_at", ">", now.toISOString());
  const forEmail = await upcoming
    .where((eb) => eb(eb.fn("lower", ["leads.email"]), "=", address))
    .executeTakeFirst();
  if (Number(forEmail?.calls ?? 0) >= clientCaps.callsPerEmail)
    throw new OverCap(clientCapTexts.callForEmail);
  const forAddress = await upcoming.where("meetings.client_key", "=", clientKey).executeTakeFirst();
  if (Number(forAddress?.calls ?? 0) >= clientCaps.callsPerAddress)
    throw new OverCap(clientCapTexts.callsForAddress);
}
