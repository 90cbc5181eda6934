import type { Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { type ConversationMail, visitorSender } from "../mail/message-outbox.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import { leadUrl } from "../notifications/outgoing-email.ts";
import { manageTokenFor } from "./manage-token.ts";
import { meetingEmail } from "./meeting-email.ts";
import { findMeeting } from "./meetings.repository.ts";

/** What an e-mail about a meeting carries: the change it tells of, as it was then. */
export type MeetingEmailPayload = {
  meetingId: string;
  news: "booked" | "moved" | "cancelled" | "reminder";
  to: "visitor" | "owner";
  sequence: number;
  start: string;
  end: string;
};

/**
 * Queues the e-mails about a meeting's change, in the transaction that makes it: the visitor's
 * and the owner's (the invite, its update or its cancellation), and, when `reminderAt` is
 * given and still ahead, the visitor's reminder, due then. Each (meeting, SEQUENCE, news,
 * addressee) is queued once, whatever retries or instances do; a reminder whose meeting has
 * moved on (cancelled, or moved to another SEQUENCE) is skipped when its time comes.
 */
export async function enqueueMeetingEmails(
  trx: Transaction<Database>,
  {
    meetingId,
    leadId,
    news,
    sequence,
    start,
    end,
    reminderAt,
    now,
  }: {
    meetingId: string;
    leadId: string;
    news: "booked" | "moved" | "cancelled";
    sequence: number;
    start: string;
    end: string;
    reminderAt: Date | null;
    now: Date;
  },
): Promise<void> {
  const base = { meetingId, sequence, start, end };
  const queue = (payload: MeetingEmailPayload, due: Date) =>
    enqueueOutbox(trx, {
      kind: "meeting-email",
      leadId,
      dedupeKey: `${meetingId}:${payload.sequence}:${payload.news}:${payload.to}`,
      payload,
      now,
      due,
    });
  await queue({ ...base, news, to: "visitor" }, now);
  await queue({ ...base, news, to: "owner" }, now);
  if (reminderAt && reminderAt > now)
    await queue({ ...base, news: "reminder", to: "visitor" }, reminderAt);
}

/**
 * The outbox's e-mails about meetings, each as the change it tells of was (its times and
 * SEQUENCE are in the row): a later move does not rewrite an earlier invite. A reminder is only sent while its
 * meeting is still booked at that SEQUENCE: never for a cancelled or moved-away time.
 */
export const meetingOutbox = (
  manageKey: Uint8Array | undefined,
  mail: ConversationMail | undefined,
): OutboxKinds => ({
  "meeting-email": async (row, { db, notifyEmail, siteUrl, timeZone, now }) => {
    const payload = JSON.parse(row.payload) as MeetingEmailPayload;
    const meeting = await findMeeting(db, { id: payload.meetingId });
    if (!meeting) return { skip: "the meeting is gone" };
    if (
      payload.news === "reminder" &&
      (meeting.status !== "booked" || meeting.sequence !== payload.sequence)
    )
      return { skip: "the meeting has changed since the reminder was queued" };
    if (!manageKey) return { skip: "no key to make the manage link with" };
    const { token } = manageTokenFor(manageKey, payload.meetingId);
    return {
      email: meetingEmail(
        payload.news,
        {
          id: payload.meetingId,
          start: payload.start,
          end: payload.end,
          sequence: payload.sequence,
          location: meeting.location,
          visitor: meeting.visitor,
        },
        {
          to: payload.to,
          notifyEmail,
          siteUrl,
          ownerTimeZone: timeZone,
          manageUrl: `${siteUrl}/booking/${token}`,
          leadUrl: leadUrl(siteUrl, meeting.leadId),
          now,
          sender: mail && visitorSender(mail, meeting.leadId),
        },
      ),
    };
  },
});
