import { type Availability, availability, defaultAvailability } from "../../domain/booking.ts";
import type { Db } from "../db/connect.ts";

/**
 * The owner's availability, one JSON row in the database so every instance offers the same
 * times. Until the owner saves one, the defaults (Monday to Friday, 09:00–17:00).
 */
export async function loadAvailability(db: Db): Promise<Availability> {
  const row = await db
    .selectFrom("booking_settings")
    .select("value")
    .where("name", "=", "availability")
    .executeTakeFirst();
  if (!row) return defaultAvailability;
  // Written only through the schema; read through it too, so an old shape never leaks out.
  const parsed = availability.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : defaultAvailability;
}

export async function saveAvailability(db: Db, value: Availability, now: Date): Promise<void> {
  const row = { name: "availability", value: JSON.stringify(value), updated_at: now.toISOString() };
  await db
    .insertInto("booking_settings")
    .values(row)
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({ value: row.value, updated_at: row.updated_at }),
    )
    .execute();
}
