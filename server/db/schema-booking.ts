import type { ColumnType } from "kysely";
import type { Timestamp } from "./schema.ts";

/**
 * Booking's tables (docs/booking.md): the availability, each booked call, the blocks of time
 * and the day's places it holds, and its copy in the owner's CalDAV calendar.
 */

/** Booking settings by name ("availability"), each one JSON value shared by every instance. */
export type BookingSettingsTable = {
  name: string;
  value: string;
  updated_at: Timestamp;
};

/** A call booked by a visitor, in UTC, with its manage token's hash. */
export type MeetingsTable = {
  id: string;
  lead_id: string;
  start_at: Timestamp;
  end_at: Timestamp;
  /** The owner's date the meeting falls on. */
  day: string;
  status: "booked" | "cancelled";
  sequence: ColumnType<number, number | undefined, number>;
  token_hash: string;
  visitor_time_zone: string | null;
  cancelled_by: "visitor" | "owner" | null;
  /** Who sent it, as client-caps.ts keys a client address; null before it was kept. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where it happens (domain/meeting-location.ts, as JSON); null before places were kept. */
  location: ColumnType<string | null, string | null | undefined, string | null>;
  /** The number to call, for a phone call. */
  visitor_phone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A 5-minute block of time a booked meeting (and its buffer) holds; one meeting per block. */
export type MeetingClaimsTable = {
  block: ColumnType<number | string, number, number>;
  meeting_id: string;
};

/** A booked meeting's numbered place among its day's, under the daily maximum. */
export type MeetingDayPlacesTable = {
  day: string;
  place: number;
  meeting_id: string;
};

/**
 * A meeting's copy in the owner's CalDAV calendar, kept in step: `generation` rises with each
 * change, `synced_generation` is the one last written (the row outlives an erased meeting).
 */
export type CalendarSyncTable = {
  meeting_id: string;
  generation: number;
  synced_generation: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
};
