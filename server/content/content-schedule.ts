import type { Db } from "../db/connect.ts";
import { startPassLoop } from "../pass-loop.ts";
import type { ContentChange, LiveTransitionHook } from "./content.repository.ts";
import { publishDueEntries } from "./publishing.ts";

/**
 * Scheduled publishing: every 15 s, and once at start-up (so what fell due while every
 * instance was down goes live at the next start), publishes the entries whose time has come
 * and tells the renderer. Every instance runs it: each entry's publish is a compare-and-set,
 * so it is published once whichever instances try; no lease is needed, and none can hold a
 * publish up by dying while it holds one.
 */
export function startContentSchedule(options: {
  db: Db;
  now: () => Date;
  onChange: (change: ContentChange) => Promise<void>;
  /** Told of each publish's live snapshot before and after, in its transaction. */
  onLive?: LiveTransitionHook | undefined;
  intervalMs?: number | undefined;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}) {
  const loop = startPassLoop({
    name: "scheduled publishing",
    intervalMs: options.intervalMs ?? 15_000,
    log: options.log,
    async pass() {
      const changes = await publishDueEntries(
        options.db,
        options.now(),
        (id, reason) =>
          // Left scheduled: it goes live once the other entry moves, or someone reschedules it.
          options.log.error({ id, reason }, "a scheduled entry is due but could not go live"),
        options.onLive,
      );
      for (const change of changes) {
        options.log.info({ change }, "scheduled content published");
        try {
          await options.onChange(change);
        } catch (error) {
          options.log.error({ err: error, change }, "published, but the content hook failed");
        }
      }
    },
  });
  return {
    /** For tests: run a pass now, and resolve when done. */
    run: async () => {
      loop.poke();
      await loop.idle();
    },
    stop: loop.stop,
  };
}
