import { type CalendarDate, wallClock } from "../../domain/dates.ts";
import type { Db } from "../db/connect.ts";
import { enqueueDigests } from "./digest-outbox.ts";

/**
 * The daily digest's schedule. Every instance checks once a minute (and at start-up) whether
 * the owner's clock has reached DIGEST_HOUR today; if so it queues that day's digest of each
 * owner and member in the outbox, keyed by the date and the person, so however many instances
 * check, and however often they restart, each person gets one that day. An instance that was
 * down at the hour queues them when it comes back, that same day; the next day it is too late,
 * and that day's digests are the ones that go (docs/team.md, "The morning digest and replies").
 */

/** The owner's date, once their clock has reached the digest hour; null before it. */
export function digestDay(now: Date, timeZone: string, hour: number): CalendarDate | null {
  const wall = wallClock(now, timeZone);
  return wall.hour >= hour ? wall.date : null;
}

export function startDigestScheduler(options: {
  db: Db;
  timeZone: string;
  hour: number;
  now?: () => Date;
  intervalMs?: number;
  /** Called when this instance queued some of the day's digests (to send them at once). */
  onQueued: () => void;
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}) {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  const check = () => {
    running ??= (async () => {
      const at = now();
      const day = digestDay(at, options.timeZone, options.hour);
      if (!day) return;
      try {
        const people = await enqueueDigests(options.db, day, at);
        if (people > 0) {
          options.log.info({ day, people }, "daily digests queued");
          options.onQueued();
        }
      } catch (error) {
        options.log.error({ err: error }, "daily digests could not be queued");
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(check, options.intervalMs ?? 60_000);
  timer.unref();
  void check();
  return {
    /** For tests: check now, and resolve when done. */
    check,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
