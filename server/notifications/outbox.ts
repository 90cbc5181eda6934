import type { Db } from "../db/connect.ts";
import { startPassLoop } from "../pass-loop.ts";
import {
  claimOutboxRow,
  dueOutboxRows,
  leaseMs,
  markOutboxFailed,
  markOutboxSent,
  maxAttempts,
  type OutboxRow,
} from "./outbox.repository.ts";
import type { OutgoingEmail } from "./outgoing-email.ts";

export type SendEmail = (email: OutgoingEmail) => Promise<void>;

/** What every kind of message may use when it is made: the owner, the site and the clock. */
export type OutboxContext = {
  db: Db;
  notifyEmail: string;
  siteUrl: string;
  /**
   * The owner's zone: the e-mails' dates and times are said there, and a digest is only worth
   * sending on its own day there.
   */
  timeZone: string;
  now: Date;
};

/**
 * What a row stands for when it is sent: the e-mail and, for a conversation's message, how to
 * tell the conversation it went (or failed); or why there is nothing to send.
 */
export type OutboxWork =
  | {
      email: OutgoingEmail;
      delivered?: (at: Date) => Promise<void>;
      failed?: (error: string, final: boolean) => Promise<void>;
    }
  | { skip: string };

/**
 * The kinds of message the outbox sends, by the `kind` of their rows. Each feature makes its
 * own (the lead notification, the digest, a meeting's e-mails, a registration's, a
 * conversation's messages) and the background jobs hand them all to the worker, so this
 * queue knows none of them (docs/development.md, "Layers").
 */
export type OutboxKinds = Readonly<
  Record<string, (row: OutboxRow, context: OutboxContext) => Promise<OutboxWork>>
>;

export type OutboxSettings = {
  notifyEmail: string;
  siteUrl: string;
  timeZone?: string;
  kinds: OutboxKinds;
};

/**
 * The e-mail a row stands for, made when it is sent, so it says what is true then; or why
 * there is nothing to send. A kind this instance does not know fails the attempt rather than
 * dropping the row: during a rolling deploy, an instance that knows it will send it.
 */
function emailFor(db: Db, row: OutboxRow, settings: OutboxSettings, now: Date) {
  const make = Object.hasOwn(settings.kinds, row.kind) ? settings.kinds[row.kind] : undefined;
  if (!make) throw new Error(`no sender for messages of kind "${row.kind}"`);
  const { notifyEmail, siteUrl, timeZone = "UTC" } = settings;
  return make(row, { db, notifyEmail, siteUrl, timeZone, now });
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
      let work: OutboxWork | undefined;
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
