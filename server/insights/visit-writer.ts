import type { Db } from "../db/connect.ts";
import { databaseTrouble } from "../db/unavailable.ts";
import { type CountedView, countViews } from "./visits.repository.ts";

/**
 * Runs `write` again on a new connection when the one under it was lost (a restart or failover
 * ends every pooled connection at once, and the pool may hand out another that is already
 * dead), after 100 ms and then 400 ms, as the contact form does (server/contact/lead-writer.ts).
 * A database that does not answer will not answer a retry either: that fails at once (503).
 */
export async function retryWhenLost<T>(write: () => Promise<T>, pauses = [100, 400]): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const [pause, ...rest] = pauses;
    if (databaseTrouble(error) !== "lost" || pause === undefined) throw error;
    await new Promise((resolve) => setTimeout(resolve, pause));
    return retryWhenLost(write, rest);
  }
}

/**
 * Group commit for page views, as for leads (server/contact/lead-writer.ts): the views that
 * arrive while a commit runs are counted together in the next transaction, so a thousand
 * beacons a second cost a few transactions, not a thousand. Each beacon is answered after the
 * commit that counted it. A batch whose connection was lost is counted again on a new one; if
 * the lost commit had in fact gone through, its page views count twice (its visitors once),
 * which approximate figures can bear better than a lost beacon (docs/insights.md).
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
          await retryWhenLost(() =>
            countViews(
              db,
              batch.map((p) => p.view),
            ),
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
