import type { Transaction } from "kysely";
import type { AuditEventsTable, Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";
import type { Actor } from "./lead-updates.repository.ts";

/**
 * Records what was done to a lead as a whole (erased, moved to Spam, brought back): the
 * action, who, when and the lead's random ID, never anything about the person. The tracker's
 * live updates read these to learn which leads left or came back (lead-changes.repository.ts).
 */
export async function recordAudit(
  trx: Transaction<Database>,
  action: AuditEventsTable["action"],
  leadId: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("audit_events")
    .values({
      id: uuidv7(now.getTime()),
      action,
      actor_id: actor.id,
      actor_email: actor.email,
      subject_id: leadId,
      created_at: now.toISOString(),
    })
    .execute();
}
