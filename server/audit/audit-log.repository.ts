import { auditRetentionDays } from "../../domain/audit.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/** All SQL for the audit log (docs/team.md, "Audit log"): append, read, and let go at 400 days. */

export type AuditRecord = {
  actorId: string | null;
  actorEmail: string;
  action: string;
  target?: string | null;
  details?: Record<string, unknown> | null;
};

export async function recordAudit(db: Db, entry: AuditRecord, now: Date): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: uuidv7(now.getTime()),
      at: now.toISOString(),
      actor_id: entry.actorId,
      actor_email: entry.actorEmail.slice(0, 320),
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/**
 * A recorder for what an account does to itself (its password, sessions, second factors): the
 * account is the actor, the entry written at the clock's now.
 */
export const selfAudit =
  (db: Db, clock: () => Date) =>
  (
    user: { id: string; email: string },
    action: string,
    details: Record<string, unknown> | null = null,
  ) =>
    recordAudit(db, { actorId: user.id, actorEmail: user.email, action, details }, clock());

/** "{at}_{id}" of the last entry shown: the next page starts after it. */
const cursorOf = (at: string, id: string) => Buffer.from(`${at}_${id}`).toString("base64url");
function parseCursor(cursor: string): { at: string; id: string } | null {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("_");
  return at && id && !Number.isNaN(Date.parse(at)) ? { at, id } : null;
}

/** Newest first, filtered by actor (any case) and action, keyset-paged. */
export async function listAudit(
  db: Db,
  query: {
    actor?: string | undefined;
    action?: string | undefined;
    limit?: number | undefined;
    cursor?: string | undefined;
  },
) {
  const limit = query.limit ?? 50;
  const after = query.cursor ? parseCursor(query.cursor) : null;
  let select = db.selectFrom("audit_log").selectAll();
  if (query.actor) select = select.where("actor_email", "=", query.actor.trim().toLowerCase());
  if (query.action) select = select.where("action", "=", query.action.trim());
  if (after)
    select = select.where((eb) =>
      eb.or([eb("at", "<", after.at), eb.and([eb("at", "=", after.at), eb("id", "<", after.id)])]),
    );
  const rows = await select
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: toIso(row.at),
      actor: row.actor_email,
      action: row.action,
      target: row.target,
      details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    })),
    next: rows.length > limit && last ? cursorOf(toIso(last.at), last.id) : null,
  };
}

/** Deletes entries older than 400 days; resolves to how many. */
export async function purgeAudit(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - auditRetentionDays * 24 * 60 * 60 * 1000);
  const result = await db
    .deleteFrom("audit_log")
    .where("at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
