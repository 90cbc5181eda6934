import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { SqliteAdapter, type SqliteDatabase, SqliteDialect, type SqliteStatement } from "kysely";

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

/** Set while migrations run: the only time a BEGIN inside a transaction is expected. */
let migrating = 0;

/** Runs the migrator, inside whose transaction a migration's own BEGIN becomes a savepoint. */
export async function withNestedTransactionsAsSavepoints<T>(run: () => Promise<T>): Promise<T> {
  migrating++;
  try {
    return await run();
  } finally {
    migrating--;
  }
}

/**
 * Transaction statements as node:sqlite must run them. Kysely opens transactions with a plain
 * BEGIN (deferred). With another process writing (create-admin, a second server), a deferred
 * transaction that read first cannot become a writer: SQLite fails it at once with
 * SQLITE_BUSY, without waiting. Every transaction here writes, so it takes the write lock up
 * front, where busy_timeout does apply. Inside the migrator's transaction, a migration that
 * opens its own gets a savepoint instead, so it still commits or rolls back as one piece; at
 * any other time a BEGIN inside a transaction is a bug, and fails as SQLite would.
 */
function transactionStatements(database: DatabaseSync) {
  let nested = 0;
  return (sql: string): string => {
    const text = sql.trim();
    if (/^begin(\s+(deferred|immediate|exclusive))?(\s+transaction)?;?$/i.test(text)) {
      if (!database.isTransaction) return "begin immediate";
      if (migrating === 0) throw new Error("BEGIN inside an open transaction");
      nested++;
      return `savepoint nested_${nested}`;
    }
    if (nested > 0 && /^(commit|end)(\s+transaction)?;?$/i.test(text))
      return `release nested_${nested--}`;
    if (nested > 0 && /^rollback(\s+transaction)?;?$/i.test(text))
      return `rollback to nested_${nested--}`;
    return sql;
  };
}

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
  const rewrite = transactionStatements(database);
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const statement = prepared(rewrite(sql));
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

/** SQLite does run DDL inside transactions; Kysely's adapter says it cannot, to be safe. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Kysely's SQLite dialect, with transactional DDL: the migrator then applies every pending
 * migration, and records it, in one transaction that holds the write lock, so a migration
 * lands whole or not at all, and two processes starting together apply it once.
 */
export class NodeSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }
}
