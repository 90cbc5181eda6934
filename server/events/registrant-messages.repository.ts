import type { CatalogEvent } from "../../domain/events.ts";
import type { Db } from "../db/connect.ts";
import { queueMessage } from "../mail/messages.repository.ts";

/**
 * The owner's message to everyone registered for an event (docs/events.md): one message of
 * each registration's lead, queued with its outbox row in one transaction, so all of them go
 * or none, each once, and a reply threads into that lead's conversation
 * (docs/conversations.md). Resolves to how many were queued.
 */
export async function queueRegistrantsMessage(
  db: Db,
  {
    event,
    from,
    subject,
    text,
    host,
    now,
  }: {
    event: Pick<CatalogEvent, "slug">;
    from: string;
    subject: string;
    text: string;
    host: string;
    now: Date;
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const registrations = await trx
      .selectFrom("event_registrations")
      .select("lead_id")
      .where("event_slug", "=", event.slug)
      .orderBy("id")
      .execute();
    let queued = 0;
    for (const { lead_id } of registrations) {
      const message = await queueMessage(trx, {
        leadId: lead_id,
        kind: "message",
        from,
        subject,
        text,
        host,
        now,
      });
      if (message) queued++;
    }
    return queued;
  });
}
