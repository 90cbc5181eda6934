/**
 * `npm run backup -- --out FILE`: a consistent copy of the SQLite database in DATA_DIR, taken
 * while the server runs. PostgreSQL has its own tools (README, "Backups").
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError, backupSqlite } from "../db/sqlite-backup.ts";

const usage = "usage: npm run backup -- --out backups/fineline-2026-11-25.db";

try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) {
    console.error(`backup: --out is missing.\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    console.error(
      'backup: DATABASE_URL is set: back up PostgreSQL with pg_dump (README, "Backups").',
    );
    process.exit(2);
  }
  const result = backupSqlite(path.join(config.dataDir, "app.db"), values.out);
  console.log(
    `backup: ${result.leads} leads, ${(result.bytes / 1024).toFixed(0)} KB, written to ${result.file} in ${Math.round(result.ms)} ms.`,
  );
} catch (error) {
  if (error instanceof ConfigError)
    for (const problem of error.problems) console.error(`config: ${problem}`);
  else if (
    error instanceof BackupError ||
    (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
  )
    console.error(`backup: ${(error as Error).message}`);
  else console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
