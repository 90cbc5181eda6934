import { addDays, startOfDay, todayIn } from "../../domain/dates.ts";
import { registrationLinkPath } from "../../domain/event-texts.ts";
import { manageTokenFor } from "../booking/manage-token.ts";
import { meetingEmail } from "../booking/meeting-email.ts";
import { findMeeting, findMeetings, meetingRecordOf } from "../booking/meetings.repository.ts";
import type { Db } from "../db/connect.ts";
import { registrationCanceledEmail, registrationEmail } from "../events/registration-email.ts";
import { registrationLinkToken } from "../events/registration-link.ts";
import {
  findRegistration,
  type RegistrationEmailPayload,
} from "../events/registrations.repository.ts";
import { digestLeads } from "../leads/lead-follow-ups.repository.ts";
import { findLead } from "../leads/lead-lists.repository.ts";
import { conversationEmail } from "../mail/message-email.ts";
import { messageToSend, recordDelivery } from "../mail/messages.repository.ts";
import { replyAddressFor, replyTokenFor } from "../mail/reply-token.ts";
import { startPassLoop } from "../pass-loop.ts";
import { digestEmail, isEmptyDigest } from "./digest-email.ts";
import { leadNotification, leadUrl, type OutgoingEmail } from "./lead-email.ts";
import {
  claimOutboxRow,
  dueOutboxRows,
  leaseMs,
  type MeetingEmailPayload,
  markOutboxFailed,
  markOutboxSent,
  maxAttempts,
  type OutboxRow,
} from "./outbox.repository.ts";

export type SendEmail = (email: OutgoingEmail) => Promise<void>;
export type OutboxSettings = {
  notifyEmail: string;
  siteUrl: string;
  /**
   * The owner's zone: the e-mails' dates and times are said there, and a digest is only worth
   * sending on its own day there.
   */
  timeZone?: string;
  /**
   * The key visitors' links are made with: a booking's manage link, a registration's cancel
   * link.
   */
  manageKey?: Uint8Array;
  /** Who messages to visitors come from (MAIL_FROM), and where their replies go. */
  mail?: {
    from: { name: string; address: string };
    /** REPLY_TO, with `{token}` for the lead's token; unset: replies go to `from`. */
    replyTo: string | undefined;
    replyTokenKey: Uint8Array;
  };
};

/**
 * What a row stands for when it is sent: the e-mail and, for a conversation's message, how to
 * tell the conversation it went (or failed); or why there is nothing to send.
 */
type Work =
  | {
      email: OutgoingEmail;
      delivered?: (at: Date) => Promise<void>;
      failed?: (error: string, final: boolean) => Promise<void>;
    }
  | { skip: string };

/**
 * The e-mail a row stands for, made when it is sent, so it says what is true then; or why
 * there is nothing to send (the lead is gone, the day has nothing to report, or the day is
 * over: a digest still unsent at the owner's midnight, after retries or a late start, would
 * say "due today" of yesterday's follow-ups, and the new day brings its own).
 */
async function emailFor(
  db: Db,
  row: OutboxRow,
  settings: OutboxSettings,
  now: Date,
): Promise<Work> {
  if (row.kind === "daily-digest") {
    const { date } = JSON.parse(row.payload) as { date: string };
    if (date !== todayIn(settings.timeZone ?? "UTC", now))
      return { skip: "too late: the day is over" };
    const zone = settings.timeZone ?? "UTC";
    const calls = await findMeetings(db, {
      from: startOfDay(date, zone),
      to: startOfDay(addDays(date, 1), zone),
    });
    const content = {
      date,
      ...(await digestLeads(db, date)),
      meetings: calls.filter((call) => call.status === "booked").map(meetingRecordOf),
    };
    return isEmptyDigest(content)
      ? { skip: "nothing to report" }
      : { email: digestEmail(content, { ...settings, now }) };
  }
  if (row.kind === "meeting-email") return meetingEmailFor(db, row, settings, now);
  if (row.kind === "lead-message") return conversationEmailFor(db, row, settings);
  if (row.kind === "event-registration") return registrationEmailFor(db, row, settings, now);
  const lead = row.lead_id ? await findLead(db, row.lead_id) : undefined;
  return lead
    ? { email: leadNotification(lead, { ...settings, now }) }
    : { skip: "the lead is gone" };
}

/**
 * An e-mail about a meeting, as the change it tells of was (its times and SEQUENCE are in the
 * row): a later move does not rewrite an earlier invite. A reminder is only sent while its
 * meeting is still booked at that SEQUENCE: never for a cancelled or moved-away time.
 */
async function meetingEmailFor(
  db: Db,
  row: OutboxRow,
  settings: OutboxSettings,
  now: Date,
): Promise<{ email: OutgoingEmail } | { skip: string }> {
  const payload = JSON.parse(row.payload) as MeetingEmailPayload;
  const meeting = await findMeeting(db, { id: payload.meetingId });
  if (!meeting) return { skip: "the meeting is gone" };
  if (
    payload.news === "reminder" &&
    (meeting.status !== "booked" || meeting.sequence !== payload.sequence)
  )
    return { skip: "the meeting has changed since the reminder was queued" };
  if (!settings.manageKey) return { skip: "no key to make the manage link with" };
  const { token } = manageTokenFor(settings.manageKey, payload.meetingId);
  return {
    email: meetingEmail(
      payload.news,
      {
        id: payload.meetingId,
        start: payload.start,
        end: payload.end,
        sequence: payload.sequence,
        visitor: meeting.visitor,
      },
      {
        to: payload.to,
        notifyEmail: settings.notifyEmail,
        siteUrl: settings.siteUrl,
        ownerTimeZone: settings.timeZone ?? "UTC",
        manageUrl: `${settings.siteUrl}/booking/${token}`,
        leadUrl: leadUrl(settings.siteUrl, meeting.leadId),
        now,
      },
    ),
  };
}

/**
 * A registration's confirmation (ADR 026), while the registration still stands, or its
 * cancellation, to whom the owner canceled it for.
 */
async function registrationEmailFor(
  db: Db,
  row: OutboxRow,
  settings: OutboxSettings,
  now: Date,
): Promise<Work> {
  const payload = JSON.parse(row.payload) as RegistrationEmailPayload;
  const emailSettings = {
    notifyEmail: settings.notifyEmail,
    siteUrl: settings.siteUrl,
    now,
    outboxId: row.id,
  };
  if (payload.canceled)
    return {
      email: registrationCanceledEmail(
        { id: payload.registrationId, ...payload.canceled },
        payload.event,
        emailSettings,
      ),
    };
  const registration = await findRegistration(db, payload.registrationId);
  if (!registration) return { skip: "the registration is gone" };
  // The guest's own link to cancel; without a key (a bare test outbox), they reply instead.
  const manageUrl =
    settings.manageKey &&
    `${settings.siteUrl}${registrationLinkPath(registrationLinkToken(settings.manageKey, registration.id))}`;
  return {
    email: registrationEmail(
      {
        id: registration.id,
        email: registration.email,
        firstName: registration.first_name,
        lastName: registration.last_name,
        seats: Number(registration.seats),
      },
      payload,
      { ...emailSettings, ...(manageUrl ? { manageUrl } : {}) },
    ),
  };
}

/**
 * A message of a lead's conversation (the instant reply, or the owner's), from MAIL_FROM with
 * the lead's Reply-To, threaded as it was queued. Sent only while it still waits: one sent,
 * or moved to Spam with its lead, is not sent again by a row left behind.
 */
async function conversationEmailFor(
  db: Db,
  row: OutboxRow,
  settings: OutboxSettings,
): Promise<Work> {
  const { messageId } = JSON.parse(row.payload) as { messageId: string };
  const message = await messageToSend(db, messageId);
  if (!message) return { skip: "the message is gone" };
  if (message.status !== "queued") return { skip: `the message is ${message.status}` };
  const mail = settings.mail;
  if (!mail) throw new Error("MAIL_FROM is not set: there is no address to send from");
  const replyAddress = mail.replyTo
    ? replyAddressFor(mail.replyTo, replyTokenFor(mail.replyTokenKey, message.lead_id))
    : mail.from.address;
  return {
    email: conversationEmail(
      {
        to: message.to_address,
        subject: message.subject,
        text: message.body,
        messageId: message.message_id,
        inReplyTo: message.in_reply_to,
        references: message.references_header?.split(" ").filter(Boolean) ?? [],
        automatic: message.kind === "auto-reply",
      },
      { from: mail.from, replyTo: { name: mail.from.name, address: replyAddress } },
    ),
    delivered: (at) => recordDelivery(db, messageId, { sent: at }),
    failed: (error, final) => recordDelivery(db, messageId, { failed: error, final }),
  };
}

/**
 * A refusal the mail server means for good (5xx: no such mailbox, rejected as spam): trying
 * again in an hour would only say so again, later.
 */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

const maxBatchesPerPass = 50;

/**
 * One pass over the outbox: claim each due row with a lease (so two passes or two instances
 * never send the same row at once), send, then mark it sent or schedule a retry. Delivery is
 * at-least-once: a crash between the SMTP "OK" and the UPDATE can resend, with the same
 * Message-ID.
 */
export async function processOutbox(
  db: Db,
  send: SendEmail,
  settings: OutboxSettings,
  now = new Date(),
  lease = leaseMs,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const started = Date.now();
  // Batch after batch until nothing is due, so a burst of leads drains in one pass rather than
  // twenty rows per retry interval. Rows that fail are rescheduled and rows another instance
  // holds are leased, so neither comes back in this pass; the cap is a backstop.
  for (let batch = 0; batch < maxBatchesPerPass; batch++) {
    const rows = await dueOutboxRows(db, now);
    if (rows.length === 0) break;
    for (const row of rows) {
      // Each row's lease starts when it is claimed (the pass's clock moved on by the time taken
      // so far), so a slow send early in a pass does not eat into the leases of the rows after.
      const claimedAt = new Date(now.getTime() + (Date.now() - started));
      if (!(await claimOutboxRow(db, row.id, claimedAt, lease))) continue; // another pass has it
      let work: Work | undefined;
      try {
        work = await emailFor(db, row, settings, now);
        if ("email" in work) await send(work.email);
        await markOutboxSent(db, row.id, new Date(), "skip" in work ? work.skip : null);
        if ("email" in work) {
          await work.delivered?.(new Date());
          sent++;
        }
      } catch (error) {
        const message = String((error as Error).message ?? error);
        // A visitor's address refused for good is said at once, for the owner to act on; the
        // owner's own notifications keep being retried.
        const tellsConversation = work !== undefined && "failed" in work;
        const permanent = tellsConversation && isPermanent(error);
        await markOutboxFailed(db, row, message, now, { giveUp: permanent });
        if (work && "failed" in work)
          await work.failed?.(message, permanent || row.attempts + 1 >= maxAttempts);
        failed++;
      }
    }
  }
  return { sent, failed };
}

/** Runs outbox passes when poked and every `intervalMs` for retries (startPassLoop). */
export function startOutboxWorker(options: {
  db: Db;
  send: SendEmail;
  settings: OutboxSettings;
  intervalMs?: number;
  /** How long a claimed row is this instance's alone (OUTBOX_LEASE_SECONDS). */
  leaseMs?: number;
  now?: () => Date;
  /** Told each pass's outcome (the metrics count sends and failures). */
  onPass?: (result: { sent: number; failed: number }) => void;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}) {
  const now = options.now ?? (() => new Date());
  return startPassLoop({
    name: "outbox pass",
    intervalMs: options.intervalMs ?? 30_000,
    log: options.log,
    pass: async () => {
      const result = await processOutbox(
        options.db,
        options.send,
        options.settings,
        now(),
        options.leaseMs,
      );
      options.onPass?.(result);
      if (result.sent || result.failed) options.log.info(result, "outbox pass");
    },
  });
}
