/**
 * The frame `npm run backup` and `npm run restore` share: one required file argument, the
 * SQLite database in DATA_DIR (PostgreSQL has its own tools), and every failure said in one
 * line without a stack: usage problems exit 2, everything else 1.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { BackupError } from "../db/sqlite-backup.ts";

export async function runSqliteFileCommand(command: {
  name: "backup" | "restore";
  flag: "out" | "in";
  /** What to do instead when DATABASE_URL is set ("back up PostgreSQL with pg_dump"). */
  postgresAdvice: string;
  /** Does the work on `app.db` in DATA_DIR with the file given; returns the line to print. */
  run: (databaseFile: string, file: string, dataDir: string) => string | Promise<string>;
}) {
  const { name, flag } = command;
  const usage = `usage: npm run ${name} -- --${flag} backups/fineline-2026-11-25.db`;
  try {
    const { values } = parseArgs({ options: { [flag]: { type: "string" } } });
    const file = values[flag];
    if (typeof file !== "string" || file === "") {
      console.error(`${name}: --${flag} is missing.\n${usage}`);
      process.exit(2);
    }
    const config = loadConfig(process.env);
    if (config.databaseUrl) {
      console.error(`${name}: DATABASE_URL is set: ${command.postgresAdvice} (README, "Backups").`);
      process.exit(2);
    }
    console.log(await command.run(path.join(config.dataDir, "app.db"), file, config.dataDir));
  } catch (error) {
    if (error instanceof ConfigError)
      for (const problem of error.problems) console.error(`config: ${problem}`);
    else if (
      error instanceof BackupError ||
      (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
    )
      console.error(`${name}: ${(error as Error).message}`);
    else console.error(`${name} failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
