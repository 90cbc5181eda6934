/**
 * `npm run restore -- --in FILE`: puts a backup made by `npm run backup` in place of the
 * SQLite database in DATA_DIR. The server on that DATA_DIR must be stopped; the database it
 * replaces is kept beside it.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, restoreSqlite } from "../db/sqlite-backup.ts";

const usage = "usage: npm run restore -- --in backups/fineline-2026-11-25.db";

try {
  const { values } = parseArgs({ options: { in: { type: "string" } } });
  if (!values.in) {
    console.error(`restore: --in is missing.\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    console.error(
      'restore: DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backups").',
    );
    process.exit(2);
  }
  const result = restoreSqlite(values.in, path.join(config.dataDir, "app.db"));
  console.log(
    `restore: ${result.leads} leads restored into ${config.dataDir} in ${Math.round(result.ms)} ms.` +
      (result.previous ? ` The database it replaced is kept as ${result.previous}.` : "") +
      " Start the server: migrations bring an older backup up to date.",
  );
} catch (error) {
  if (error instanceof ConfigError)
    for (const problem of error.problems) console.error(`config: ${problem}`);
  else if (
    error instanceof BackupError ||
    (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
  )
    console.error(`restore: ${(error as Error).message}`);
  else console.error(`restore failed: ${(error as Error).message}`);
  process.exit(1);
}
