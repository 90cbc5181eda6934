import { databaseTrouble } from "./unavailable.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a write again when the connection under it was lost (a restart or failover ends every
 * pooled connection at once, and the pool may hand out one already dead), after 100 ms and
 * then 400 ms, as the contact form's writer does (ADR 020). A commit can be lost after it was
 * made: `stored` looks for the write's own effect first, so a retry never makes it twice. A
 * database that does not answer at all is not asked again: that fails at once (503).
 */
export async function retryLostConnection<T>(
  attempt: () => Promise<T>,
  { stored, pauses = [100, 400] }: { stored?: () => Promise<T | undefined>; pauses?: number[] },
): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      if (tried > 0 && stored) {
        const done = await stored();
        if (done !== undefined) return done;
      }
      return await attempt();
    } catch (error) {
      const pause = pauses[tried];
      if (databaseTrouble(error) !== "lost" || pause === undefined) throw error;
      await sleep(pause);
    }
  }
}
