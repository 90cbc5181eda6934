import { purgeAudit } from "../audit/audit-log.repository.ts";
import { purgeUsedFormTokens } from "../contact/lead-intake.repository.ts";
import type { Db } from "../db/connect.ts";
import { purgeOldDeliveries } from "../webhooks/webhooks.repository.ts";
import { purgeSpam } from "./spam.repository.ts";

/**
 * Deletes spam 30 days after it was judged spam, the records of used form tokens once the
 * tokens have expired, webhook deliveries after 30 days, and audit entries after 400 days: at start-up and every hour after. Every instance may run it; the
 * delete is the same whichever runs it, and running it twice deletes nothing more.
 */
export function startSpamPurge(options: {
  db: Db;
  now?: () => Date;
  intervalMs?: number;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}) {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= (async () => {
      try {
        const deleted = await purgeSpam(options.db, now());
        if (deleted) options.log.info({ deleted }, "old spam deleted");
        await purgeUsedFormTokens(options.db, now());
        const deliveries = await purgeOldDeliveries(options.db, now());
        if (deliveries) options.log.info({ deleted: deliveries }, "old webhook deliveries deleted");
        const forgotten = await purgeAudit(options.db, now());
        if (forgotten)
          options.log.info({ deleted: forgotten }, "audit entries older than 400 days deleted");
      } catch (error) {
        options.log.error({ err: error }, "old spam could not be deleted");
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(run, options.intervalMs ?? 60 * 60 * 1000);
  timer.unref();
  void run();
  return {
    /** For tests: purge now, and resolve when done. */
    run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
