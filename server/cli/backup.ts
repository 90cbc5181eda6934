/**
 * `npm run backup -- --out FILE`: a consistent copy of the SQLite database in DATA_DIR, taken
 * while the server runs. PostgreSQL has its own tools (README, "Backups").
 */
import { backupSqlite } from "../db/sqlite-backup.ts";
import { runSqliteFileCommand } from "./sqlite-file-command.ts";

await runSqliteFileCommand({
  name: "backup",
  flag: "out",
  postgresAdvice: "back up PostgreSQL with pg_dump",
  run(databaseFile, out) {
    const result = backupSqlite(databaseFile, out);
    return `backup: ${result.leads} leads, ${(result.bytes / 1024).toFixed(0)} KB, written to ${result.file} in ${Math.round(result.ms)} ms.`;
  },
});
