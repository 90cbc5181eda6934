import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresAdminQuery, testEngines } from "../test-support/databases.ts";
import { runCli } from "../test-support/run-cli.ts";
import { openPostgres, openSqlite } from "./connect.ts";
import { migrateToLatest, migrations } from "./migrate.ts";

const tableNames = async (db: Kysely<unknown>) =>
  (await db.introspection.getTables()).map((table) => table.name);

describe("migrations on SQLite", () => {
  it("apply a batch whole or not at all", async () => {
    const handle = openSqlite(
      path.join(mkdtempSync(path.join(tmpdir(), "fineline-mig-")), "app.db"),
    );
    const db = handle.db as unknown as Kysely<unknown>;
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () => ({
          "1-first": {
            up: async (trx) => void (await sql`create table first (x integer)`.execute(trx)),
          },
          "2-second": {
            up: async (trx) => {
              await sql`create table second (x integer)`.execute(trx);
              throw new Error("the second migration fails half-way");
            },
          },
        }),
      },
    });
    const result = await migrator.migrateToLatest();
    expect(result.error).toBeInstanceOf(Error);
    expect(await tableNames(db)).not.toEqual(expect.arrayContaining(["first"]));
    expect(await tableNames(db)).not.toEqual(expect.arrayContaining(["second"]));
    const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(recorded.rows).toEqual([]);
    await handle.close();
  });

  it("are applied once when three processes start at the same moment", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fineline-mig-"));
    const runs = await Promise.all(
      [1, 2, 3].map(() => runCli("migrate", [], { DATA_DIR: dataDir })),
    );
    for (const run of runs) expect(run.status, run.output).toBe(0);
    // One process applied everything; the others waited and found the database up to date.
    expect(runs.filter((run) => /migration\(s\) applied/.test(run.output))).toHaveLength(1);
    const handle = openSqlite(path.join(dataDir, "app.db"));
    const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(
      handle.db,
    );
    expect(recorded.rows.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
    await handle.close();
  });
});

describe.each(testEngines.filter((engine) => engine.name === "postgres"))(
  "migrations on $name",
  (engine) => {
    it("are applied once when several instances migrate at the same moment", async () => {
      const first = await engine.open({ migrate: false });
      try {
        // Each instance has its own pool; Kysely's advisory lock makes them take turns.
        const url = process.env.TEST_DATABASE_URL ?? "";
        const schema = (
          await sql<{ schema: string }>`select current_schema() as schema`.execute(first.db)
        ).rows[0]?.schema;
        const { openPostgres } = await import("./connect.ts");
        const others = [1, 2, 3].map(() => openPostgres(url, { schema }));
        const results = await Promise.all(
          [first, ...others].map((handle) =>
            migrateToLatest(handle.db as unknown as Kysely<unknown>),
          ),
        );
        const applied = results.flatMap((result) => result.results ?? []);
        expect(applied.map((result) => result.migrationName).sort()).toEqual(
          Object.keys(migrations).sort(),
        );
        await Promise.all(others.map((handle) => handle.close()));
      } finally {
        await first.close();
      }
    });
  },
);

describe.each(testEngines.filter((engine) => engine.name === "postgres"))(
  "migrations on a PostgreSQL server others use too",
  (engine) => {
    it("migrate as a role that may not look into another tenant's schema", async () => {
      // Kysely's own introspection asks for every schema's serial columns, which PostgreSQL
      // refuses for a schema the role has no USAGE on: a shared server with one role per
      // tenant could not start.
      const tag = `${process.pid}_${Date.now().toString(36)}`;
      const [role, own, other] = [`tenant_${tag}`, `tenant_own_${tag}`, `tenant_other_${tag}`];
      await postgresAdminQuery(
        `create role ${role} login password 'tenant-pass'; create schema ${other}; ` +
          `create table ${other}.t (id serial primary key); create schema ${own} authorization ${role}`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.username = role;
      url.password = "tenant-pass";
      const tenant = openPostgres(url.toString(), { schema: own });
      try {
        const db = tenant.db as unknown as Kysely<unknown>;
        await migrateToLatest(db);
        expect(await tableNames(db)).toContain("leads");
      } finally {
        await tenant.close();
        await postgresAdminQuery(
          `drop schema ${own} cascade; drop schema ${other} cascade; drop owned by ${role}; drop role ${role}`,
        );
      }
    });

    it("read no other schema's tables, so none dropped meanwhile can fail them", async () => {
      // The race below is too narrow to lose every time; what decides it is whether any
      // statement asks about tables across schemas by name (pg_get_serial_sequence, which
      // fails once another client has dropped one).
      const fresh = await engine.open({ migrate: false });
      const schema = (
        await sql<{ schema: string }>`select current_schema() as schema`.execute(fresh.db)
      ).rows[0]?.schema;
      const statements: string[] = [];
      const pool = new pg.Pool({
        connectionString: process.env.TEST_DATABASE_URL,
        options: `-c search_path=${schema}`,
      });
      const logged = new Kysely<unknown>({
        dialect: new PostgresDialect({ pool }),
        log: (event) => void statements.push(event.query.sql),
      });
      try {
        await migrateToLatest(logged);
        expect(statements.some((each) => each.includes("create table"))).toBe(true);
        expect(statements.filter((each) => each.includes("pg_get_serial_sequence"))).toEqual([]);
      } finally {
        await logged.destroy();
        await fresh.close();
      }
    });

    it("migrate while another client creates and drops schemas of its own", async () => {
      // Another tenant of the server: schemas with tables (serial columns) made and dropped
      // as fast as it can, while five fresh databases migrate.
      let churning = true;
      const churn = (async () => {
        for (let n = 0; churning; n++) {
          const name = `churn_${process.pid}_${n}`;
          await postgresAdminQuery(
            `create schema ${name}; create table ${name}.a (id serial primary key); create table ${name}.b (id serial primary key)`,
          );
          await postgresAdminQuery(`drop schema ${name} cascade`);
        }
      })();
      try {
        for (let round = 0; round < 3; round++) {
          const fresh = await Promise.all(
            Array.from({ length: 5 }, () => engine.open({ migrate: false, forMigrations: true })),
          );
          try {
            await Promise.all(
              fresh.map((each) => migrateToLatest(each.db as unknown as Kysely<unknown>)),
            );
          } finally {
            await Promise.all(fresh.map((each) => each.close()));
          }
        }
      } finally {
        churning = false;
        await churn;
      }
    });
  },
);
