import type { Transaction } from "kysely";
import { clientCaps, clientCapTexts } from "../../domain/client-caps.ts";
import { type Database, toIso } from "../db/schema.ts";
import { holdClientKeys, OverCap } from "../http/client-caps.ts";

/**
 * At most so many upcoming calls per client address and per e-mail address (docs/booking.md,
 * "Limits"), decided inside the booking's transaction with the client's keys held, so that
 * calls booked at the same moment, on any instance, are counted one after another. Throws
 * OverCap, whose retry time is when the client's next call starts (and stops being upcoming).
 */
export async function checkBookingCaps(
  trx: Transaction<Database>,
  { clientKey, email, now }: { clientKey: string; email: string; now: Date },
): Promise<void> {
  const address = email.trim().toLowerCase();
  await holdClientKeys(trx, [clientKey, `mail:${address}`]);
  const at = now.toISOString();
  const upcoming = trx
    .selectFrom("meetings")
    .innerJoin("leads", "leads.id", "meetings.lead_id")
    .where("meetings.status", "=", "booked")
    .where("meetings.start_at", ">", at);
  const retryAfter = (starts: Array<{ start: unknown }>) => {
    const first = Math.min(...starts.map((row) => Date.parse(toIso(row.start as string | Date))));
    return Math.max(60, Math.ceil((first - now.getTime()) / 1000));
  };
  const forEmail = await upcoming
    .select("meetings.start_at as start")
    .where((eb) => eb(eb.fn("lower", ["leads.email"]), "=", address))
    .execute();
  if (forEmail.length >= clientCaps.callsPerEmail)
    throw new OverCap(clientCapTexts.callForEmail, retryAfter(forEmail));
  const forAddress = await upcoming
    .select("meetings.start_at as start")
    .where("meetings.client_key", "=", clientKey)
    .execute();
  if (forAddress.length >= clientCaps.callsPerAddress)
    throw new OverCap(clientCapTexts.callsForAddress, retryAfter(forAddress));
}
