import type { Db } from "../db/connect.ts";
import { findLead } from "../leads/leads.repository.ts";
import { leadNotification, type OutgoingEmail } from "./lead-email.ts";

export type SendEmail = (email: OutgoingEmail) => Promise<void>;

export const maxAttempts = 10;
const leaseMs = 2 * 60 * 1000;

/** 30 s, 1 min, 2 min, … capped at an hour between attempts. */
export const backoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

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
  const at = now.toISOString();
  const due = await db
    .selectFrom("outbox")
    .select(["id", "lead_id", "attempts"])
    .where("sent_at", "is", null)
    .where("next_attempt_at", "<=", at)
    .where("attempts", "<", maxAttempts)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
    .orderBy("created_at")
    .limit(20)
    .execute();

  let sent = 0;
  let failed = 0;
  for (const row of due) {
    const claimed = await db
      .updateTable("outbox")
      .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where("id", "=", row.id)
      .where("sent_at", "is", null)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue; // another pass has it

    try {
      const lead = row.lead_id ? await findLead(db, row.lead_id) : undefined;
      if (lead) await send(leadNotification(lead, settings));
      await db
        .updateTable("outbox")
        .set({ sent_at: new Date().toISOString(), locked_until: null, last_error: null })
        .where("id", "=", row.id)
        .execute();
      sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      await db
        .updateTable("outbox")
        .set({
          attempts,
          next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
          locked_until: null,
          last_error: String((error as Error).message ?? error).slice(0, 500),
        })
        .where("id", "=", row.id)
        .execute();
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
