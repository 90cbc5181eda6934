import { isIsoTimestamp } from "../../domain/api.ts";
import type { LeadMessage } from "../../domain/conversation.ts";
import { isUuid } from "../../domain/lead-record.ts";
import type { Db } from "../db/connect.ts";
import { messageRecordOf } from "./messages.repository.ts";

/**
 * A lead's conversation a page at a time, from the latest (docs/conversations.md, "Writing
 * from a lead"): the newest messages first, so however many messages a lead gathers its
 * latest reply is always on the page the owner opens. Keyset paging on (time, id), so a
 * message arriving meanwhile never shifts a page.
 */

export type MessageCursor = { at: string; id: string };

/** Opaque to clients: base64url of "<ISO timestamp>|<message id>". */
export const encodeMessageCursor = (cursor: MessageCursor) =>
  Buffer.from(`${cursor.at}|${cursor.id}`).toString("base64url");

/** A cursor this API could have written, or null. */
export function decodeMessageCursor(value: string): MessageCursor | null {
  if (value.length > 200) return null;
  const [at, id, ...rest] = Buffer.from(value, "base64url").toString().split("|");
  if (rest.length || !at || !isUuid(id) || !isIsoTimestamp(at)) return null;
  return { at, id: id.toLowerCase() };
}

/**
 * The `limit` messages before `before` (the latest when none), oldest first, and the cursor of
 * the page before them while there is one.
 */
export async function conversationPage(
  db: Db,
  leadId: string,
  { limit, before }: { limit: number; before?: MessageCursor | undefined },
): Promise<{ messages: LeadMessage[]; earlier: MessageCursor | null }> {
  let query = db.selectFrom("lead_messages").selectAll().where("lead_id", "=", leadId);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", before.at),
        eb.and([eb("created_at", "=", before.at), eb("id", "<", before.id)]),
      ]),
    );
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map(messageRecordOf);
  const oldest = page.at(-1);
  return {
    messages: page.reverse(),
    earlier: rows.length > limit && oldest ? { at: oldest.at, id: oldest.ID } : null,
  };
}
