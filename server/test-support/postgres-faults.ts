import { postgresAdminQuery } from "./databases.ts";

/**
 * Ends every session on a test database (but the one asking): what a failover or a restart
 * does to an app's pool (ADR 020). Answers how many were ended.
 */
export async function terminateBackends(dbName: string): Promise<number> {
  const { rows } = await postgresAdminQuery(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity
     where datname = $1 and pid <> pg_backend_pid()`,
    [dbName],
  );
  return rows.length;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
