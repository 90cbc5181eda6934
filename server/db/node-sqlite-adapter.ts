import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Lets Kysely's own SqliteDialect drive Node's built-in `node:sqlite` (docs/decisions/006).
 * Kysely expects a better-sqlite3-shaped database: statements know whether they return
 * rows (`reader`) and take their parameters as one array. node:sqlite takes them spread and
 * accepts no booleans or Dates, so those are converted here, in one place.
 */
export function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

/** Compiled statements kept per SQL text: Kysely emits the same text for the same query shape. */
const statementCacheSize = 200;

export function nodeSqliteDatabase(database: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (statement) {
      // Refresh its place so the cache evicts the least recently used.
      statements.delete(sql);
    } else {
      statement = database.prepare(sql);
      if (statements.size >= statementCacheSize)
        statements.delete(statements.keys().next().value as string);
    }
    statements.set(sql, statement);
    return statement;
  };
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      // Kysely opens transactions with a plain BEGIN (deferred). With another process writing
      // (create-admin, a second server), a deferred transaction that read first cannot become
      // a writer: SQLite fails it at once with SQLITE_BUSY, without waiting. Every transaction
      // here writes, so take the write lock up front, where busy_timeout does apply.
      const statement = prepared(/^begin$/i.test(sql.trim()) ? "begin immediate" : sql);
      const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
      return {
        // A statement returns rows exactly when it has result columns (SELECT, … RETURNING).
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => {
          const { changes, lastInsertRowid } = statement.run(...bind(parameters));
          return { changes, lastInsertRowid };
        },
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
}
