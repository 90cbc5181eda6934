import type { Db } from "../db/connect.ts";
import { type CountedView, countViews } from "./visits.repository.ts";

/**
 * Group commit for page views, as for leads (server/contact/lead-writer.ts): the views that
 * arrive while a commit runs are counted together in the next transaction, so a thousand
 * beacons a second cost a few transactions, not a thousand. Each beacon is answered after the
 * commit that counted it.
 */
export function createVisitWriter(db: Db, { maxBatch = 500 }: { maxBatch?: number } = {}) {
  type Pending = { view: CountedView; done: (error?: unknown) => void };
  let queue: Pending[] = [];
  let flushing = false;

  async function flush() {
    flushing = true;
    try {
      while (queue.length) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        try {
          await countViews(
            db,
            batch.map((p) => p.view),
          );
          for (const pending of batch) pending.done();
        } catch (error) {
          for (const pending of batch) pending.done(error);
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    count(view: CountedView): Promise<void> {
      return new Promise((resolve, reject) => {
        queue.push({ view, done: (error) => (error ? reject(error) : resolve()) });
        if (!flushing) setImmediate(() => void (flushing ? undefined : flush()));
      });
    },
  };
}
