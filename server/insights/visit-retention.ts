import { addDays, todayIn } from "../../domain/dates.ts";
import type { Db } from "../db/connect.ts";
import { startPassLoop } from "../pass-loop.ts";
import { forgetVisitKeys, purgeOldVisitors } from "./visits.repository.ts";

/** Raw visitors are kept this many days; the day's totals stay. */
export const visitorDays = 30;

/**
 * What counting visits keeps, and for how long (ADR 025), at start-up and every hour: a
 * day's secret is deleted once the day is over in the owner's zone, and the day's visitors
 * (keyed hashes) after 30 days. Safe on every instance at once.
 */
export async function applyVisitRetention(
  db: Db,
  { now, timeZone }: { now: Date; timeZone: string },
) {
  const today = todayIn(timeZone, now);
  return {
    keys: await forgetVisitKeys(db, today),
    visitors: await purgeOldVisitors(db, addDays(today, -visitorDays)),
  };
}

export function startVisitRetention(options: {
  db: Db;
  timeZone: string;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
}) {
  return startPassLoop({
    name: "visit retention",
    intervalMs: 60 * 60 * 1000,
    log: options.log,
    pass: async () => {
      await applyVisitRetention(options.db, { now: options.now(), timeZone: options.timeZone });
    },
  });
}
