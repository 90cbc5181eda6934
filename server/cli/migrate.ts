/** `npm run db:migrate`: apply pending migrations to the configured database, then exit. */

import path from "node:path";
import type { Kysely } from "kysely";
import { ConfigError, loadConfig } from "../config.ts";
import { openPostgres, openSqlite } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { migrationTimeouts } from "../db/postgres-pool.ts";

try {
  const config = loadConfig(process.env);
  const handle = config.databaseUrl
    ? openPostgres(config.databaseUrl, { timeouts: migrationTimeouts })
    : openSqlite(path.join(config.dataDir, "app.db"));
  try {
    const { results = [] } = await migrateToLatest(handle.db as unknown as Kysely<unknown>);
    for (const r of results)
      console.log(`${r.status === "Success" ? "applied" : r.status}: ${r.migrationName}`);
    console.log(
      results.length
        ? `${results.length} migration(s) applied to ${handle.engine}.`
        : `${handle.engine} is up to date.`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`config: ${problem}`);
  } else {
    console.error(error);
  }
  process.exit(1);
}
