import { type Kysely, sql } from "kysely";

// Frozen in time: never edit a migration that has shipped; add a new one.
// What the site keeps of its visitors (docs/insights.md, docs/operations.md):
// - a day's totals name a source only once it has earned it (server/insights/visits.repository.ts,
//   sourceNaming); the indexes let a beacon check that cheaply. Totals counted before that rule
//   are folded the same way: on each day, the sources beyond the 100 with most visitors, and
//   those beyond the first 20 with fewer than 3 visitors, become "(other)";
// - rate-limit counters were keyed by a plain SHA-256 of the limit and the client's address,
//   which trying every address undoes: they are dropped (the limits start again once);
// - a used form token's fingerprint was a plain SHA-256 of the address and the message, which
//   outlived an erasure: each is replaced by a value that matches no message, so the token
//   stays used (a retry of that message with it is kept as spam, for review).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("visitors_day_source")
    .on("visitors")
    .columns(["day", "source"])
    .execute();
  await db.schema
    .createIndex("entry_totals_day_source")
    .on("entry_totals")
    .columns(["day", "source"])
    .execute();

  // The day's sources that keep no name: ranked by visitors, then by name.
  const unnamed = sql`
    select day, source from (
      select day, source, sum(visitors) as total,
        row_number() over (partition by day order by sum(visitors) desc, source) as rank
      from entry_totals
      where source <> 'direct' and source <> '(other)'
      group by day, source
    ) ranked
    where rank > 100 or (rank > 20 and total < 3)`;
  // "where true": SQLite's upsert after a SELECT needs a WHERE to tell its ON apart.
  await sql`
    insert into entry_totals (day, entry_path, source, visitors)
    select e.day, e.entry_path, '(other)', sum(e.visitors)
    from entry_totals e
    join (${unnamed}) u on u.day = e.day and u.source = e.source
    where true
    group by e.day, e.entry_path
    on conflict (day, entry_path, source)
    do update set visitors = entry_totals.visitors + excluded.visitors`.execute(db);
  await sql`
    delete from entry_totals
    where exists (
      select 1 from (${unnamed}) u
      where u.day = entry_totals.day and u.source = entry_totals.source
    )`.execute(db);

  await sql`delete from rate_limit_counters`.execute(db);
  await sql`update form_token_uses set fingerprint = '-'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("entry_totals_day_source").execute();
  await db.schema.dropIndex("visitors_day_source").execute();
}
