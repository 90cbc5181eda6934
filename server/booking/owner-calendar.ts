import type { Span } from "../../domain/booking-slots.ts";
import type { Db } from "../db/connect.ts";
import { startPassLoop } from "../pass-loop.ts";
import { busyTimes } from "./busy-times.ts";
import type { CalDavClient } from "./caldav-client.ts";
import { isMeetingUid, meetingUid, ownerCalendarEvent } from "./calendar-event.ts";
import {
  claimCalendarSync,
  dueCalendarSyncs,
  markCalendarSynced,
  markCalendarSyncFailed,
} from "./calendar-sync.repository.ts";
import { findMeeting } from "./meetings.repository.ts";

type Log = {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** Busy times are read again after this long at most. */
export const busyCacheMs = 60_000;
/** After a failed read, the database alone decides for this long before the next try. */
const retryAfterFailureMs = 15_000;

/**
 * The owner's busy times, read from his calendar and kept for a minute (each instance its
 * own: they are a read of the calendar, not shared state). An unreachable or failing calendar
 * answers no busy times, so slots are still offered from the database alone, and is tried
 * again a little later; concurrent readers share one read.
 */
export function busyTimesReader({
  client,
  ownerTimeZone,
  siteHost,
  log,
}: {
  client: CalDavClient;
  ownerTimeZone: string;
  siteHost: string;
  log: Log;
}) {
  let cached: { from: number; to: number; at: number; busy: Span[] } | null = null;
  let failedAt: number | null = null;
  let reading: Promise<Span[]> | null = null;
  let available = true;

  async function read(from: number, to: number, now: number): Promise<Span[]> {
    try {
      const events = await client.eventsBetween(new Date(from), new Date(to));
      const busy = busyTimes(events, {
        from,
        to,
        ownerTimeZone,
        isOwnMeeting: (uid) => isMeetingUid(uid, siteHost),
      });
      cached = { from, to, at: now, busy };
      if (!available) log.info({ calendar: client.url }, "calendar: busy times read again");
      available = true;
      failedAt = null;
      return busy;
    } catch (error) {
      // Once per outage, not once per request.
      if (available)
        log.warn(
          { calendar: client.url, err: String((error as Error).message ?? error) },
          "calendar: busy times unavailable, offering times from the database alone",
        );
      available = false;
      failedAt = now;
      return [];
    }
  }

  return {
    /**
     * Busy times overlapping [from, to); `window` is the range worth reading and keeping
     * (today to the horizon), so requests for parts of it share one read.
     */
    async between(from: number, to: number, window: Span, now: number): Promise<Span[]> {
      const fresh = cached && now - cached.at < busyCacheMs;
      if (fresh && cached && cached.from <= from && cached.to >= to)
        return cached.busy.filter((span) => span.end > from && span.start < to);
      if (failedAt !== null && now - failedAt < retryAfterFailureMs) return [];
      const wanted = { start: Math.min(window.start, from), end: Math.max(window.end, to) };
      reading ??= read(wanted.start, wanted.end, now).finally(() => {
        reading = null;
      });
      const busy = await reading;
      return busy.filter((span) => span.end > from && span.start < to);
    },
    /** Whether the calendar answered its last call, read or write, for /readyz. */
    status: () => client.status(),
  };
}

export type BusyTimesReader = ReturnType<typeof busyTimesReader>;

/**
 * One pass of the calendar sync: each meeting whose copy is behind is written as it is now
 * (booked: the event, put where an event of that UID already lives or under the meeting's
 * ID; cancelled or erased: every event of that UID removed). A lease makes one instance at a
 * time handle a meeting; a change made meanwhile leaves it due for the next pass.
 */
export async function syncOwnerCalendar(
  db: Db,
  client: CalDavClient,
  { siteUrl, now, leaseMs }: { siteUrl: string; now: Date; leaseMs: number },
): Promise<{ written: number; failed: number }> {
  const host = new URL(siteUrl).hostname || "localhost";
  let written = 0;
  let failed = 0;
  for (const due of await dueCalendarSyncs(db, now)) {
    const generation = await claimCalendarSync(db, due.meetingId, now, leaseMs);
    if (generation === null) continue;
    try {
      const meeting = await findMeeting(db, { id: due.meetingId });
      const hrefs = await client.hrefsOf(meetingUid(due.meetingId, host));
      if (meeting?.status === "booked") {
        const href = hrefs[0] ?? client.hrefFor(`meeting-${meeting.id}`);
        await client.put(href, ownerCalendarEvent(meeting, { siteUrl, now }));
      } else {
        for (const href of hrefs) await client.remove(href);
      }
      await markCalendarSynced(db, due.meetingId, generation, { gone: !meeting });
      written++;
    } catch (error) {
      const message = String((error as Error).message ?? error);
      await markCalendarSyncFailed(db, due.meetingId, due.attempts, message, now);
      failed++;
    }
  }
  return { written, failed };
}

/** Runs the sync when poked (after a meeting changes) and every `intervalMs` for retries. */
export function startCalendarSync(options: {
  db: Db;
  client: CalDavClient;
  siteUrl: string;
  leaseMs: number;
  now: () => Date;
  intervalMs?: number | undefined;
  log: Log;
}) {
  return startPassLoop({
    name: "calendar sync",
    intervalMs: options.intervalMs ?? 30_000,
    log: options.log,
    pass: async () => {
      // Until a pass finds nothing due: rows that fail are rescheduled, so none comes back.
      for (let batch = 0; batch < 50; batch++) {
        const result = await syncOwnerCalendar(options.db, options.client, {
          siteUrl: options.siteUrl,
          now: options.now(),
          leaseMs: options.leaseMs,
        });
        if (result.written || result.failed) options.log.info(result, "calendar sync");
        if (result.written + result.failed === 0) break;
      }
    },
  });
}
