import type { Db } from "../db/connect.ts";

/**
 * The lead a merged-away ID now points to, or undefined (ADR 041): its page link and a reply
 * to its e-mails find the kept lead.
 */
export async function mergedInto(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("lead_redirects")
    .select("kept_id")
    .where("old_id", "=", id)
    .executeTakeFirst();
  return row?.kept_id;
}
