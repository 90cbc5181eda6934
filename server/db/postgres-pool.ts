import pg from "pg";

/** Where the database layer reports what the operator should know (pino's shape: the app's logger). */
export type DatabaseLog = { warn: (details: object, message: string) => void };

/**
 * How long a request may wait on PostgreSQL. A database that hangs (paused, a network path
 * that drops packets, a proxy that stops forwarding) must not hold requests for minutes: a
 * connection is given up after `connectMs` (also the longest wait for a free pooled
 * connection), a statement is cancelled by the server after `statementMs`, and a query whose
 * answer never comes is abandoned by the client after `queryMs` (only the client can tell
 * when the server is not there at all). The request then answers 503.
 */
export type PostgresTimeouts = { connectMs: number; statementMs: number; queryMs: number };

export const serveTimeouts: PostgresTimeouts = Object.freeze({
  connectMs: 3_000,
  statementMs: 4_000,
  queryMs: 5_000,
});

/**
 * Migrations may build an index over every lead, and may wait for another instance's
 * migrations (an advisory lock): statements get all the time they need. Connecting is still
 * bounded, so a start-up against a database that does not answer gives up with one line.
 */
export const migrationTimeouts: PostgresTimeouts = Object.freeze({
  connectMs: 5_000,
  statementMs: 0,
  queryMs: 0,
});

/**
 * pg leaves a client whose query it gave up on (query_timeout) waiting for that answer; the
 * pool would hand it to the next request, and Kysely's rollback would queue behind it and time
 * out again. Such a client is ended instead (pg destroys the socket of a client with a query in
 * flight), so what follows fails at once and the pool replaces it.
 */
class ClientThatHangsUp extends pg.Client {}
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
ClientThatHangsUp.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise)
    result.catch((error: unknown) => {
      if (error instanceof Error && error.message === queryReadTimeout) void this.end();
    });
  return result;
} as typeof pg.Client.prototype.query;

/** pg's message for a query abandoned after query_timeout. */
export const queryReadTimeout = "Query read timeout";

export function createPostgresPool(
  connectionString: string,
  options: { schema?: string; max?: number; log: DatabaseLog; timeouts: PostgresTimeouts },
): pg.Pool {
  const { log, timeouts } = options;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    Client: ClientThatHangsUp,
    connectionTimeoutMillis: timeouts.connectMs,
    ...(timeouts.queryMs ? { query_timeout: timeouts.queryMs } : {}),
    // Sent as start-up parameters: the server enforces them on every statement. A transaction
    // left open by an instance that hung releases its locks after a minute.
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: 60_000,
    // A peer that vanished without a word is noticed by TCP instead of never.
    keepAlive: true,
    // A test run lives in its own schema; production uses the URL's default.
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // A connection PostgreSQL ends (a restart, a failover, pg_terminate_backend, a network cut)
  // emits 'error' on its client, idle or in use, and an 'error' nobody listens to ends the
  // process: one terminated backend took every instance down. The client is unusable from
  // then on; pg-pool drops it (at once when idle, when released when in use) and opens a new
  // connection on the next use, and the query it was running fails. So: log it, and go on.
  pool.on("connect", (client) => {
    client.on("error", (error) =>
      log.warn({ err: error }, "database connection lost; a new one is opened on next use"),
    );
  });
  // pg-pool repeats an idle client's error on the pool: already logged by the client's listener.
  pool.on("error", () => undefined);
  return pool;
}
