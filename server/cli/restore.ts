/**
 * `npm run restore -- --in FILE`: puts a backup made by `npm run backup` in place of the
 * SQLite database in DATA_DIR. The server on that DATA_DIR must be stopped; the database it
 * replaces is kept beside it.
 */
import { restoreSqlite } from "../db/sqlite-backup.ts";
import { runSqliteFileCommand } from "./sqlite-file-command.ts";

await runSqliteFileCommand({
  name: "restore",
  flag: "in",
  postgresAdvice: "restore PostgreSQL with pg_restore",
  async run(databaseFile, input, dataDir) {
    const result = await restoreSqlite(input, databaseFile);
    return (
      `restore: ${result.leads} leads restored into ${dataDir} in ${Math.round(result.ms)} ms.` +
      (result.previous ? ` The database it replaced is kept as ${result.previous}.` : "") +
      " Start the server: migrations bring an older backup up to date."
    );
  },
});
