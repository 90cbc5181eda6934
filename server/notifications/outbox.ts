import type { Db } from "../db/connect.ts";
import { findLead } from "../leads/lead-lists.repository.ts";
import { leadNotification, type OutgoingEmail } from "./lead-email.ts";
import {
  claimOutboxRow,
  dueOutboxRows,
  markOutboxFailed,
  markOutboxSent,
} from "./outbox.repository.ts";

export type SendEmail = (email: OutgoingEmail) => Promise<void>;

/**
 * One pass over the outbox: claim each due row with a lease (so two passes or two instances
 * never send the same row at once), send, then mark it sent or schedule a retry. Delivery is
 * at-least-once: a crash between the SMTP "OK" and the UPDATE can resend, with the same
 * Message-ID.
 */
export async function processOutbox(
  db: Db,
  send: SendEmail,
  settings: { notifyEmail: string; siteUrl: string },
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const row of await dueOutboxRows(db, now)) {
    if (!(await claimOutboxRow(db, row.id, now))) continue; // another pass has it
    try {
      const lead = row.lead_id ? await findLead(db, row.lead_id) : undefined;
      if (lead) await send(leadNotification(lead, settings));
      await markOutboxSent(db, row.id);
      sent++;
    } catch (error) {
      await markOutboxFailed(db, row, String((error as Error).message ?? error), now);
      failed++;
    }
  }
  return { sent, failed };
}

/**
 * Runs passes when poked (right after a lead commits) and every `intervalMs` for retries;
 * never two passes at once in this process.
 */
export function startOutboxWorker(options: {
  db: Db;
  send: SendEmail;
  settings: { notifyEmail: string; siteUrl: string };
  intervalMs?: number;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const result = await processOutbox(options.db, options.send, options.settings);
          if (result.sent || result.failed) options.log.info(result, "outbox pass");
        } catch (error) {
          options.log.error({ err: error }, "outbox pass failed");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(run, options.intervalMs ?? 30_000);
  timer.unref();
  void run(); // pick up whatever a previous process left behind
  return {
    poke: () => void run(),
    /** For tests: resolves when the current pass (if any) is done. */
    idle: () => running ?? Promise.resolve(),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
