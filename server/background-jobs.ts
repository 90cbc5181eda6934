import type { FastifyBaseLogger } from "fastify";
import type { CalDavClient } from "./booking/caldav-client.ts";
import { meetingOutbox } from "./booking/meeting-outbox.ts";
import { startCalendarSync } from "./booking/owner-calendar.ts";
import type { Config } from "./config.ts";
import type { ContentChange, LiveTransitionHook } from "./content/content.repository.ts";
import { startContentSchedule } from "./content/content-schedule.ts";
import type { DatabaseHandle } from "./db/connect.ts";
import { startDigestScheduler } from "./digest/digest.ts";
import { digestOutbox } from "./digest/digest-outbox.ts";
import { registrationOutbox } from "./events/registration-outbox.ts";
import { startVisitRetention } from "./insights/visit-retention.ts";
import { assignmentOutbox } from "./leads/lead-assignment.ts";
import { leadOutbox } from "./leads/lead-notification.ts";
import { startMailboxWatcher } from "./mail/mailbox-watcher.ts";
import { conversationOutbox } from "./mail/message-outbox.ts";
import { replyNoticeOutbox } from "./mail/reply-notice.ts";
import type { Metrics } from "./metrics.ts";
import { startOutboxWorker } from "./notifications/outbox.ts";
import { smtpSender } from "./notifications/smtp.ts";
import { teamOutbox } from "./team/invitation-email.ts";
import { passwordResetOutbox } from "./team/password-reset-email.ts";
import { startDiskErasure } from "./triage/disk-erasure.ts";
import { startSpamPurge } from "./triage/spam-purge.ts";
import { startWebhookWorker } from "./webhooks/delivery.ts";
import { webhookPausedOutbox } from "./webhooks/webhook-paused-email.ts";

export type JobOptions = {
  /** How often the outbox retries failed e-mails (default 30 s). */
  outboxIntervalMs?: number | undefined;
  /** How often each instance checks whether the daily digest is due (default a minute). */
  digestIntervalMs?: number | undefined;
  /** Told when a visitor's reply joins a lead (tests wait on it). */
  onReplyImported?: ((leadId: string) => void) | undefined;
  /** How long an instance holds the mailbox (default a minute; tests shorten it). */
  mailboxLeaseMs?: number | undefined;
  /** How often scheduled content is checked for (default 15 s). */
  contentScheduleIntervalMs?: number | undefined;
  /** How often due webhook deliveries are looked for besides pokes (default 5 s). */
  webhookIntervalMs?: number | undefined;
  /** The waits between a webhook's attempts (default retrySchedule; tests shorten them). */
  webhookRetries?: readonly number[] | undefined;
  /** How long a webhook's receiver has to answer (default 10 s). */
  webhookTimeoutMs?: number | undefined;
};

/**
 * What runs beside the requests, on every instance (each is safe to run on all at once):
 * - the outbox, sending lead notifications, each person's digest and the notices of visitors'
 *   replies to their leads' owners (only with SMTP_URL and NOTIFY_EMAIL);
 * - the daily digests, each person's queued once a day by whichever instance gets there first;
 * - the spam purge (30 days) and the used form tokens' expiry, hourly;
 * - erasures finished on disk (SQLite), in the background when a reader holds them up;
 * - webhook deliveries sent after their changes commit, retried, each once across instances;
 * - the owner's calendar kept in step with the meetings (only with CALDAV_URL);
 * - the owner's mailbox watched for visitors' replies (only with IMAP_URL; one instance);
 * - counted visits' secrets and raw visitors let go of on time;
 * - scheduled content published when its time comes, each entry once (ADR 031).
 * `stop` ends them in the right order: the digest before the outbox it feeds.
 */
export function startBackgroundJobs(options: {
  config: Config;
  database: DatabaseHandle;
  metrics: Metrics;
  clock: () => Date;
  log: FastifyBaseLogger;
  jobs?: JobOptions;
  /** The key booking e-mails make the visitor's manage link with. */
  manageKey?: Uint8Array;
  /** The key the team's invitation links are made with. */
  invitationKey?: Uint8Array;
  /** The key password reset links are made with. */
  passwordResetKey?: Uint8Array;
  /** The key the Reply-To tokens of messages to visitors are made with. */
  replyTokenKey?: Uint8Array;
  /** The key webhook secrets are sealed under. */
  webhookKey?: Uint8Array;
  /** The owner's calendar (CALDAV_URL), which meetings are written to. */
  caldav?: CalDavClient | null;
  /** Told of each scheduled publish once it is committed (the renderer's hook). */
  contentChanged?: (change: ContentChange) => Promise<void>;
  /** Told of each scheduled publish inside its transaction (an event's registrants told). */
  liveTransition?: LiveTransitionHook;
}) {
  const {
    config,
    database,
    metrics,
    clock,
    log,
    jobs = {},
    manageKey,
    invitationKey,
    passwordResetKey,
    replyTokenKey,
    webhookKey,
    caldav,
    contentChanged = async () => undefined,
    liveTransition,
  } = options;
  const { db } = database;
  const stops: Array<() => unknown> = [];

  // Who every e-mail to a visitor comes from, and where its answer goes (MAIL_FROM, REPLY_TO).
  const visitorMail =
    config.mailFrom && replyTokenKey
      ? { from: config.mailFrom, replyTo: config.replyTo, replyTokenKey }
      : undefined;
  let outbox: ReturnType<typeof startOutboxWorker> | null = null;
  if (config.smtpUrl && config.notifyEmail) {
    const smtp = smtpSender(config.smtpUrl, config.outboxLeaseMs);
    outbox = startOutboxWorker({
      db,
      send: smtp.send,
      settings: {
        notifyEmail: config.notifyEmail,
        siteUrl: config.siteUrl,
        timeZone: config.timeZone,
        // Each feature's kinds of message (docs/development.md, "Layers").
        kinds: {
          ...leadOutbox,
          ...assignmentOutbox,
          ...digestOutbox,
          ...meetingOutbox(manageKey, visitorMail),
          ...registrationOutbox(manageKey, visitorMail),
          ...conversationOutbox(visitorMail),
          ...replyNoticeOutbox,
          ...teamOutbox(invitationKey),
          ...passwordResetOutbox(passwordResetKey),
          ...webhookPausedOutbox,
        },
      },
      intervalMs: jobs.outboxIntervalMs,
      leaseMs: config.outboxLeaseMs,
      now: clock,
      onPass: metrics.outboxPass,
      log,
    });
    stops.push(async () => {
      await outbox?.stop();
      smtp.close();
    });
  }

  let digest: ReturnType<typeof startDigestScheduler> | null = null;
  if (outbox && config.digestHour !== null) {
    digest = startDigestScheduler({
      db,
      timeZone: config.timeZone,
      hour: config.digestHour,
      now: clock,
      intervalMs: jobs.digestIntervalMs,
      onQueued: () => outbox?.poke(),
      log,
    });
    stops.push(() => digest?.stop());
  }

  // Webhooks (docs/integrations.md): deliveries queued with the changes they tell of, sent
  // after the commit; a webhook paused along the way queues its owner's e-mail.
  const webhookWorker = webhookKey
    ? startWebhookWorker({
        db,
        settings: {
          key: webhookKey,
          policy: { allowed: config.webhookPrivateTargets },
          siteUrl: config.siteUrl,
          timeoutMs: jobs.webhookTimeoutMs,
          retries: jobs.webhookRetries,
        },
        intervalMs: jobs.webhookIntervalMs,
        now: clock,
        onPass: () => outbox?.poke(),
        log,
      })
    : null;
  if (webhookWorker) stops.push(() => webhookWorker.stop());

  const calendarSync = caldav
    ? startCalendarSync({
        db,
        client: caldav,
        siteUrl: config.siteUrl,
        leaseMs: config.outboxLeaseMs,
        now: clock,
        intervalMs: jobs.outboxIntervalMs,
        log,
      })
    : null;
  if (calendarSync) stops.push(() => calendarSync.stop());

  // Visitors' replies, from the owner's mailbox (IMAP_URL): one instance at a time watches.
  const mailbox =
    config.imap && replyTokenKey
      ? startMailboxWatcher({
          db,
          imap: config.imap,
          pollMs: config.imapPollMs,
          ownAddresses: [config.mailFrom?.address, config.notifyEmail].flatMap((address) =>
            address ? [address.toLowerCase()] : [],
          ),
          replyTo: config.replyTo,
          replyTokenKey,
          now: clock,
          log,
          onSetAside: metrics.mailSetAside,
          // A reply may have queued a notice to its lead's owner: send it now, not at the
          // outbox's next pass.
          onImported: (leadId: string) => {
            outbox?.poke();
            webhookWorker?.poke();
            jobs.onReplyImported?.(leadId);
          },
          ...(jobs.mailboxLeaseMs ? { leaseMs: jobs.mailboxLeaseMs } : {}),
        })
      : null;
  if (mailbox) stops.push(() => mailbox.stop());

  const visitRetention = startVisitRetention({ db, timeZone: config.timeZone, now: clock, log });
  stops.push(() => visitRetention.stop());

  const diskErasure = startDiskErasure({ db, engine: database.engine, log });
  stops.push(() => diskErasure.stop());
  const spamPurge = startSpamPurge({ db, now: clock, log });
  stops.push(() => spamPurge.stop());

  const contentSchedule = startContentSchedule({
    db,
    now: clock,
    onChange: contentChanged,
    onLive: liveTransition,
    intervalMs: jobs.contentScheduleIntervalMs,
    log,
  });
  stops.push(() => contentSchedule.stop());

  return {
    outbox,
    digest,
    webhookWorker,
    calendarSync,
    mailbox,
    spamPurge,
    diskErasure,
    contentSchedule,
    /** Stops them all, the last started first. */
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

export type BackgroundJobs = ReturnType<typeof startBackgroundJobs>;
