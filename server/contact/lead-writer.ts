import type { Db } from "../db/connect.ts";
import { databaseTrouble } from "../db/unavailable.ts";
import {
  type ContactLeadResult,
  type ContactLeadWrite,
  createContactLead,
  createContactLeads,
} from "./lead-intake.repository.ts";

/**
 * Group commit for contact requests. Requests that arrive while a commit is in progress are
 * written together in the next transaction, so one fsync acknowledges many leads. Each caller
 * still gets its answer only after the transaction holding its lead has committed.
 */
export function createLeadWriter(db: Db, { maxBatch = 64 }: { maxBatch?: number } = {}) {
  type Pending = {
    write: ContactLeadWrite;
    resolve: (r: ContactLeadResult) => void;
    reject: (e: unknown) => void;
  };
  let queue: Pending[] = [];
  let flushing = false;

  async function commitBatch(batch: Pending[]) {
    try {
      const results = await createContactLeads(
        db,
        batch.map((p) => p.write),
      );
      for (const [i, pending] of batch.entries()) pending.resolve(results[i] as ContactLeadResult);
    } catch (error) {
      // A database that does not answer will not answer a retry either: fail them now (503).
      if (databaseTrouble(error) === "timeout") {
        for (const pending of batch) pending.reject(error);
        return;
      }
      // One bad write must not fail its neighbours: retry each on its own.
      for (const pending of batch) writeAlone(pending.write).then(pending.resolve, pending.reject);
    }
  }

  /**
   * One lead in a transaction of its own. A connection lost under it (a restart or failover
   * ends every pooled connection at once, and the pool may hand out another that is already
   * dead) is replaced and the write tried again, after 100 ms and then 400 ms, well within the
   * time a visitor waits. A lead the lost commit did store is found again as a duplicate (same
   * e-mail and message within ten minutes), never stored twice.
   */
  async function writeAlone(
    write: ContactLeadWrite,
    retries = [100, 400],
  ): Promise<ContactLeadResult> {
    try {
      return await createContactLead(db, write.lead, write);
    } catch (error) {
      const [pause, ...rest] = retries;
      if (databaseTrouble(error) !== "lost" || pause === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
      return writeAlone(write, rest);
    }
  }

  async function flush() {
    flushing = true;
    try {
      while (queue.length) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        await commitBatch(batch);
      }
    } finally {
      flushing = false;
    }
  }

  return {
    write(write: ContactLeadWrite): Promise<ContactLeadResult> {
      return new Promise((resolve, reject) => {
        queue.push({ write: { ...write, now: write.now ?? new Date() }, resolve, reject });
        // Let the requests already read from the sockets join this batch.
        if (!flushing) setImmediate(() => void (flushing ? undefined : flush()));
      });
    },
  };
}
