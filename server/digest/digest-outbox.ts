import { addDays, startOfDay, todayIn } from "../../domain/dates.ts";
import { findMeetings, meetingRecordOf } from "../booking/meetings.repository.ts";
import type { Db } from "../db/connect.ts";
import { digestLeads } from "../leads/lead-follow-ups.repository.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import type { OutboxKinds } from "../notifications/outbox.ts";
import {
  digestKey,
  digestKind,
  digestRecipient,
  digestRecipients,
  queuedDigestKeys,
} from "./digest.repository.ts";
import { type DigestLists, digestEmail, isEmptyDigest } from "./digest-email.ts";

/**
 * Queues the day's digest of each owner and member who has none yet, one outbox row each,
 * keyed by the date and the person: the (kind, key) index makes a second attempt (a restart,
 * a second instance, the next minute's check) a no-op, so each person gets one a day however
 * many instances check. Someone who joins the team later that day gets theirs at the next
 * check. Resolves to how many this call queued.
 */
export async function enqueueDigests(db: Db, date: string, now: Date): Promise<number> {
  const people = await digestRecipients(db);
  // Read first, so the check every minute writes nothing once the day's are queued.
  const queued = await queuedDigestKeys(
    db,
    people.map((id) => digestKey(date, id)),
  );
  let count = 0;
  for (const userId of people) {
    const dedupeKey = digestKey(date, userId);
    if (queued.has(dedupeKey)) continue;
    const added = await enqueueOutbox(db, {
      kind: digestKind,
      leadId: null,
      dedupeKey,
      payload: { date, userId },
      now,
    });
    if (added) count++;
  }
  return count;
}

/** One person's lists for the day: theirs, or no one's (`assignedTo` null). */
async function digestLists(
  db: Db,
  date: string,
  timeZone: string,
  assignedTo: string | null,
): Promise<DigestLists> {
  const calls = await findMeetings(db, {
    from: startOfDay(date, timeZone),
    to: startOfDay(addDays(date, 1), timeZone),
    assignedTo,
  });
  return {
    ...(await digestLeads(db, date, assignedTo)),
    meetings: calls.filter((call) => call.status === "booked").map(meetingRecordOf),
  };
}

/**
 * A person's digest, made when it is sent so it says what is true then: their leads, and for
 * an owner also the leads no one has yet. Nothing when they have left the team (or became an
 * editor) since it was queued, when it has nothing to report, or when the day is over: a
 * digest still unsent at the owner's midnight, after retries or a late start, would say "due
 * today" of yesterday's follow-ups, and the new day brings its own.
 */
export const digestOutbox: OutboxKinds = {
  [digestKind]: async (row, { db, timeZone, now, notifyEmail, siteUrl }) => {
    const { date, userId } = JSON.parse(row.payload) as { date: string; userId: string };
    if (date !== todayIn(timeZone, now)) return { skip: "too late: the day is over" };
    const person = await digestRecipient(db, userId);
    if (!person) return { skip: "they are no longer on the team" };
    const content = {
      date,
      ...(await digestLists(db, date, timeZone, person.id)),
      ...(person.role === "owner"
        ? { unassigned: await digestLists(db, date, timeZone, null) }
        : {}),
    };
    if (isEmptyDigest(content)) return { skip: "nothing to report" };
    return {
      email: digestEmail(content, {
        to: { id: person.id, email: person.email, firstName: person.first_name },
        notifyEmail,
        siteUrl,
        timeZone,
        now,
      }),
    };
  },
  // The one digest a day of builds before digests were per person: a row such a build queued
  // during a rolling deploy is left unsent, as this build queues each person's own.
  "daily-digest": async () => ({ skip: "replaced by each person's own digest" }),
};
