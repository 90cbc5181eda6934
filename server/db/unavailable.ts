import { queryReadTimeout } from "./postgres-pool.ts";

/**
 * Whether an error means the database could not be reached or did not answer in time, as
 * opposed to a bug or a bad query: such a request is answered 503 with Retry-After (the
 * client may simply try again), and a failed write is not retried at once.
 *
 * - `timeout`: no answer in time (a hung or overloaded database, a lock held too long);
 * - `lost`: the connection broke or could not be made (a restart, a failover, a network cut).
 */
export type DatabaseTrouble = "timeout" | "lost";

/**
 * SQLSTATEs of a server that went away or refused to serve: connection exceptions (class 08,
 * 08007 among them: a commit whose outcome is unknown), operator intervention (57P: shutdown,
 * crash, cannot connect now), too many connections (53300), and a session ended for idling in
 * a transaction (25P03).
 */
const isLostState = (code: string) =>
  code.startsWith("08") || code.startsWith("57P") || code === "53300" || code === "25P03";

/** SQLSTATEs of a statement the server gave up on: statement_timeout (57014), lock_timeout. */
const timeoutStates = new Set(["57014", "55P03"]);
const lostSystemCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

export function databaseTrouble(error: unknown, depth = 0): DatabaseTrouble | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  const message = error.message;
  if (
    message === queryReadTimeout ||
    message.startsWith("timeout exceeded when trying to connect") ||
    message === "Connection terminated due to connection timeout" ||
    code === "ETIMEDOUT" ||
    (typeof code === "string" && timeoutStates.has(code)) ||
    // SQLite's write lock held by another process past busy_timeout (SQLITE_BUSY).
    errcode === 5
  )
    return "timeout";
  if (
    (typeof code === "string" && (isLostState(code) || lostSystemCodes.has(code))) ||
    message === "Connection terminated unexpectedly" ||
    message === "Connection terminated" ||
    message.endsWith("is not queryable")
  )
    return "lost";
  const inner = error instanceof AggregateError ? error.errors[0] : error.cause;
  return databaseTrouble(inner, depth + 1);
}

/** What a request the database could not serve is told (503, with Retry-After). */
export const unavailableText = "This is unavailable for a moment. Please try again in a minute.";
/** Seconds a client is asked to wait before trying again after a 503 from the database. */
export const unavailableRetryAfterSeconds = 10;
