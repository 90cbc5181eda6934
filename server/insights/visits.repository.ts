import { createHmac, randomBytes } from "node:crypto";
import type { Db } from "../db/connect.ts";

/**
 * All SQL for counting visits (ADR 025): the day's secret, the day's visitors (keyed hashes,
 * kept 30 days), and the per-day totals the insights read.
 */

export type CountedView = {
  day: string;
  /** The keyed hash of the client's address and user agent under the day's secret. */
  visitor: string;
  path: string;
  source: string;
  at: Date;
};

/**
 * The day's secret: made by the first instance to need it, the same for every instance after
 * (the first insert wins). Gone once the day is over (forgetVisitKeys), so no hash of one day
 * can be matched with another day's.
 */
export async function visitKey(db: Db, day: string): Promise<string> {
  await db
    .insertInto("visit_keys")
    .values({ day, secret: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("day").doNothing())
    .execute();
  const row = await db
    .selectFrom("visit_keys")
    .select("secret")
    .where("day", "=", day)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** A visitor of the day: the client's address and user agent, hashed under the day's secret. */
export const visitorHash = (secret: string, address: string, userAgent: string) =>
  createHmac("sha256", secret).update(`${address}\n${userAgent}`).digest("base64url").slice(0, 22);

/**
 * Counts page views in one transaction: each visitor's first view of a day makes it a visitor
 * of that day, with the page it entered on and its source (a row that a second view finds
 * there and leaves); every view adds to its page's total for the day.
 */
export async function countViews(db: Db, views: readonly CountedView[]): Promise<void> {
  if (views.length === 0) return;
  const pages = new Map<string, { day: string; path: string; views: number }>();
  for (const view of views) {
    const key = `${view.day}\n${view.path}`;
    const page = pages.get(key) ?? { day: view.day, path: view.path, views: 0 };
    page.views++;
    pages.set(key, page);
  }
  await db.transaction().execute(async (trx) => {
    const entries = new Map<
      string,
      { day: string; entry_path: string; source: string; visitors: number }
    >();
    for (const view of views) {
      const inserted = await trx
        .insertInto("visitors")
        .values({
          day: view.day,
          visitor: view.visitor,
          entry_path: view.path,
          source: view.source,
          created_at: view.at.toISOString(),
        })
        .onConflict((oc) => oc.columns(["day", "visitor"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
      const key = `${view.day}\n${view.path}\n${view.source}`;
      const entry = entries.get(key) ?? {
        day: view.day,
        entry_path: view.path,
        source: view.source,
        visitors: 0,
      };
      entry.visitors++;
      entries.set(key, entry);
    }
    for (const page of pages.values())
      await trx
        .insertInto("page_view_totals")
        .values(page)
        .onConflict((oc) =>
          oc.columns(["day", "path"]).doUpdateSet((eb) => ({
            views: eb("page_view_totals.views", "+", page.views),
          })),
        )
        .execute();
    for (const entry of entries.values())
      await trx
        .insertInto("entry_totals")
        .values(entry)
        .onConflict((oc) =>
          oc.columns(["day", "entry_path", "source"]).doUpdateSet((eb) => ({
            visitors: eb("entry_totals.visitors", "+", entry.visitors),
          })),
        )
        .execute();
  });
}

/** Deletes the secrets of days before `today`: their hashes can no longer be made again. */
export async function forgetVisitKeys(db: Db, today: string): Promise<number> {
  const deleted = await db.deleteFrom("visit_keys").where("day", "<", today).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * Raw visitors are kept 30 days; after that only the day's totals remain (they were counted
 * as the views came in).
 */
export async function purgeOldVisitors(db: Db, before: string): Promise<number> {
  const deleted = await db.deleteFrom("visitors").where("day", "<", before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
