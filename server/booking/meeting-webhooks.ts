import type { Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { enqueueWebhookEvent } from "../webhooks/webhooks.repository.ts";
import { findMeetings, meetingRecordOf } from "./meetings.repository.ts";

/**
 * Tells the webhooks of a meeting's change (docs/integrations.md, "The events"), as the admin
 * API shows the meeting, inside the transaction that made the change.
 */
export async function tellMeetingWebhooks(
  trx: Transaction<Database>,
  type: "booking.created" | "booking.rescheduled" | "booking.cancelled",
  meetingId: string,
  now: Date,
) {
  const [meeting] = await findMeetings(trx, { id: meetingId });
  if (meeting) await enqueueWebhookEvent(trx, type, meetingRecordOf(meeting), now);
}
