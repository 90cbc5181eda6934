import { addDays, startOfDay, todayIn } from "../../domain/dates.ts";
import { findMeetings, meetingRecordOf } from "../booking/meetings.repository.ts";
import type { Db } from "../db/connect.ts";
import { digestLeads } from "../leads/lead-follow-ups.repository.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import { digestEmail, isEmptyDigest } from "./digest-email.ts";

/**
 * Queues the day's digest once: the (kind, key) index makes a second attempt (a restart, a
 * second instance) a no-op. Resolves to whether this call queued it.
 */
export const enqueueDigest = (db: Db, date: string, now: Date): Promise<boolean> =>
  enqueueOutbox(db, {
    kind: "daily-digest",
    leadId: null,
    dedupeKey: date,
    payload: { date },
    now,
  });

/**
 * The day's digest, made when it is sent so it says what is true then; nothing when the day
 * has nothing to report, or when the day is over: a digest still unsent at the owner's
 * midnight, after retries or a late start, would say "due today" of yesterday's follow-ups,
 * and the new day brings its own.
 */
export const digestOutbox: OutboxKinds = {
  "daily-digest": async (row, { db, timeZone, now, ...settings }) => {
    const { date } = JSON.parse(row.payload) as { date: string };
    if (date !== todayIn(timeZone, now)) return { skip: "too late: the day is over" };
    const calls = await findMeetings(db, {
      from: startOfDay(date, timeZone),
      to: startOfDay(addDays(date, 1), timeZone),
    });
    const content = {
      date,
      ...(await digestLeads(db, date)),
      meetings: calls.filter((call) => call.status === "booked").map(meetingRecordOf),
    };
    return isEmptyDigest(content)
      ? { skip: "nothing to report" }
      : { email: digestEmail(content, { ...settings, timeZone, now }) };
  },
};
