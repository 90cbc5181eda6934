import {
  PostgresAdapter,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type Transaction,
} from "kysely";
import {
  type LeadEvent,
  type LeadFilters,
  type LeadRecord,
  type LeadStats,
  type LeadStatus,
  type LeadUpdate,
  leadStatuses,
} from "../../domain/leads.ts";
import type { Db } from "../db/connect.ts";
import { type Database, type LeadsTable, toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/** All SQL for leads. Functions take the database first and return API-shaped values. */

export const repeatWindowMs = 10 * 60 * 1000;

export type NewContactLead = {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly message: string;
  readonly sourcePage: string | null;
};

export function toLeadRecord(row: Selectable<LeadsTable>): LeadRecord {
  return {
    ID: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    Message: row.message,
    ContactedUs: Boolean(row.contacted_us),
    LeadStatus: row.lead_status as LeadRecord["LeadStatus"],
    CommStatus: row.comm_status as LeadRecord["CommStatus"],
    Notes: row.notes,
    SourcePage: row.source_page,
    CreatedAt: toIso(row.created_at),
    UpdatedAt: toIso(row.updated_at),
  };
}

type Trx = Transaction<Database>;

export type ContactLeadWrite = { lead: NewContactLead; now?: Date; notify?: boolean };
export type ContactLeadResult = { id: string; duplicate: boolean };

/** The same email and message within ten minutes (a double click, a retry) is stored once. */
async function insertContactLead(
  trx: Trx,
  { lead, now = new Date(), notify = false }: ContactLeadWrite,
): Promise<ContactLeadResult> {
  const since = new Date(now.getTime() - repeatWindowMs).toISOString();
  const repeat = await trx
    .selectFrom("leads")
    .select("id")
    .where("email", "=", lead.email)
    .where("created_at", ">=", since)
    .where("message", "=", lead.message)
    .limit(1)
    .executeTakeFirst();
  if (repeat) return { id: repeat.id, duplicate: true };

  const id = uuidv7(now.getTime());
  const at = now.toISOString();
  await trx
    .insertInto("leads")
    .values({
      id,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      message: lead.message,
      contacted_us: true,
      lead_status: "WARM",
      comm_status: "UNREAD",
      notes: "",
      source_page: lead.sourcePage,
      created_at: at,
      updated_at: at,
    })
    .execute();
  if (notify) {
    await trx
      .insertInto("outbox")
      .values({
        id: uuidv7(now.getTime()),
        kind: "lead-notification",
        lead_id: id,
        payload: JSON.stringify({ leadId: id }),
        next_attempt_at: at,
        created_at: at,
      })
      .execute();
  }
  return { id, duplicate: false };
}

/**
 * Stores a contact request as an UNREAD, WARM lead, with its notification in the same
 * transaction when `notify` is set, and resolves only after the commit.
 */
export async function createContactLead(
  db: Db,
  lead: NewContactLead,
  options: { now?: Date; notify?: boolean } = {},
): Promise<ContactLeadResult> {
  return db.transaction().execute((trx) => insertContactLead(trx, { lead, ...options }));
}

/**
 * Several contact requests in one transaction: one commit (one fsync) for all of them.
 * Resolves after the commit, with one result per write, in order.
 */
export async function createContactLeads(
  db: Db,
  writes: readonly ContactLeadWrite[],
): Promise<ContactLeadResult[]> {
  return db.transaction().execute(async (trx) => {
    const results: ContactLeadResult[] = [];
    for (const write of writes) results.push(await insertContactLead(trx, write));
    return results;
  });
}

export async function findLead(db: Db, id: string): Promise<LeadRecord | undefined> {
  const row = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toLeadRecord(row) : undefined;
}

export async function countLeads(db: Db): Promise<number> {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Which list: "New Leads" (UNREAD, newest first) or "Follow Up With" (the rest, latest update first). */
export type LeadList = "new" | "old" | "all";

/** Where a page ended: the sort timestamp and id of its last lead. */
export type LeadCursor = { readonly at: string; readonly id: string };

export type LeadPage = { readonly leads: LeadRecord[]; readonly next: LeadCursor | null };

/** LIKE pattern for "contains", with the user's own % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An FTS5 phrase: the word taken literally (its own quotes doubled), matched as a substring. */
const ftsPhrase = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * Name, e-mail and message joined by spaces: on PostgreSQL exactly the expression of the
 * `leads_search_trgm` index (migration 2026-11-22T16-00), so the planner can use it. A search
 * word has no whitespace, so it cannot match across the joins: the same as matching each field.
 */
export const searchableText = sql`(first_name || ' ' || last_name || ' ' || email || ' ' || message)`;

/** Trigram indexes need three characters (not UTF-16 units) to look a word up. */
const trigramReady = (word: string) => [...word].length >= 3;

/**
 * The words of a search; every one must match. More than eight add nothing but cost. Control
 * characters separate words like spaces: neither engine can search for NUL (FTS5 ends the
 * query there, PostgreSQL refuses it in text), and no name or message is searched for them.
 */
const searchWords = (q: string | undefined) =>
  (q ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);

/** A query for whole lead rows. */
type LeadQuery = SelectQueryBuilder<Database, "leads", Selectable<LeadsTable>>;

/** Each word as "contains", case-insensitively: a check per row, no index. */
function whereContains(query: LeadQuery, words: readonly string[], postgres: boolean) {
  const like = postgres ? sql.raw("ilike") : sql.raw("like");
  let q = query;
  for (const word of words) {
    q = q.where(sql<boolean>`${searchableText} ${like} ${containsPattern(word)} escape '\\'`);
  }
  return q;
}

/**
 * How many of a list's latest leads SQLite checks word by word before it asks the search
 * index. A word in more than about one lead in eighty fills a page within them (about 2 ms at
 * 100,000 leads); rarer words go to the index, which is fast exactly when matches are few.
 * Either way alone has a bad case: scanning for a rare word reads every lead (60 ms), and the
 * index for a word every lead contains ("booking", "gmail") returns all of them (580 ms).
 */
export const searchProbeRows = 4000;

/**
 * One page of a list, in a stable order (timestamp, then id, both descending) so paging never
 * skips or repeats a lead that ties on time. Keyset paging: cost does not grow with depth.
 *
 * Search: every word must appear in the name, e-mail or message, case-insensitively, so
 * "rosa bakery" finds Rosa's message about her bakery; LIKE wildcards in it are taken literally.
 * PostgreSQL's planner picks between walking the list and its pg_trgm index from its
 * statistics. SQLite keeps none, so it probes the latest leads first (see searchProbeRows) and
 * then asks its FTS5 trigram index, with LIKE for words under three characters. `scan` skips
 * the index: one pass over the list is best when every page will be read (the CSV export).
 */
export async function listLeads(
  db: Db,
  list: LeadList,
  {
    limit,
    after,
    filters = {},
    scan = false,
    probeRows = searchProbeRows,
  }: {
    limit: number;
    after?: LeadCursor;
    filters?: LeadFilters;
    scan?: boolean;
    probeRows?: number;
  },
): Promise<LeadPage> {
  const postgres = isPostgres(db);
  const column = list === "old" ? "updated_at" : "created_at";
  let query: LeadQuery = db.selectFrom("leads").selectAll();
  if (list !== "all") query = query.where("comm_status", list === "new" ? "=" : "<>", "UNREAD");
  if (filters.comm) query = query.where("comm_status", "=", filters.comm);
  if (filters.lead) query = query.where("lead_status", "=", filters.lead);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb(column, "<", after.at),
        eb.and([eb(column, "=", after.at), eb("id", "<", after.id)]),
      ]),
    );
  }
  const inOrder = (q: LeadQuery) => q.orderBy(column, "desc").orderBy("id", "desc");
  const pageOf = (rows: Selectable<LeadsTable>[]): LeadPage => {
    const page = rows.slice(0, limit).map(toLeadRecord);
    const last = page.at(-1);
    const next =
      rows.length > limit && last
        ? { at: list === "old" ? last.UpdatedAt : last.CreatedAt, id: last.ID }
        : null;
    return { leads: page, next };
  };

  const words = searchWords(filters.q);
  const indexed = postgres || scan ? [] : words.filter(trigramReady);
  if (indexed.length === 0) {
    return pageOf(
      await inOrder(whereContains(query, words, postgres))
        .limit(limit + 1)
        .execute(),
    );
  }
  if (probeRows > limit) {
    const latest = inOrder(query).limit(probeRows);
    const probe = await inOrder(
      whereContains(db.selectFrom(latest.as("leads")).selectAll(), words, false),
    )
      .limit(limit + 1)
      .execute();
    if (probe.length > limit) return pageOf(probe);
    // Fewer leads left in the list than the probe read: its answer is already complete.
    const beyond = await inOrder(query)
      .clearSelect()
      .select("id")
      .offset(probeRows - 1)
      .limit(1)
      .executeTakeFirst();
    if (!beyond) return pageOf(probe);
  }
  // The index narrows the leads; LIKE then checks every word on those few. SQLite folds case
  // for ASCII only, FTS5 for all of Unicode: the check keeps one meaning whichever way a
  // search is answered, so paging never skips a lead that another path would have shown.
  const match = indexed.map(ftsPhrase).join(" AND ");
  const searched = query.where(
    sql<boolean>`id in (select lead_id from leads_search where leads_search match ${match})`,
  );
  return pageOf(
    await inOrder(whereContains(searched, words, false))
      .limit(limit + 1)
      .execute(),
  );
}

export type LeadUpdateResult =
  | { kind: "updated"; lead: LeadRecord }
  | { kind: "not-found" }
  | { kind: "stale"; lead: LeadRecord };

/** Who made a change, as recorded in the lead's history. */
export type Actor = { readonly id: string | null; readonly email: string };

const historyFields = ["CommStatus", "LeadStatus", "Notes"] as const;

/**
 * Applies an update as a compare-and-swap on UpdatedAt, the same on SQLite and PostgreSQL
 * without row locks: read the lead, then write only if it is still the version we read, and
 * record each changed field (from → to) in the same transaction. With `basedOn` (the
 * UpdatedAt the caller saw) a lead changed since is never overwritten; the caller gets the
 * current lead back instead. Without it the last writer wins, retried on a race.
 */
export async function updateLead(
  db: Db,
  update: LeadUpdate,
  actor: Actor,
  now = new Date(),
): Promise<LeadUpdateResult> {
  for (;;) {
    const result = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("leads")
        .selectAll()
        .where("id", "=", update.id)
        .executeTakeFirst();
      if (!row) return { kind: "not-found" } as const;
      const current = toLeadRecord(row);
      if (update.basedOn && update.basedOn !== current.UpdatedAt)
        return { kind: "stale", lead: current } as const;
      const { CommStatus, LeadStatus, Notes } = update.changes;
      // Strictly after the version it replaces, so every version has its own UpdatedAt even
      // within one millisecond or with a clock behind the last writer's.
      const at = new Date(Math.max(now.getTime(), Date.parse(current.UpdatedAt) + 1)).toISOString();
      const written = await trx
        .updateTable("leads")
        .set({
          ...(CommStatus !== undefined ? { comm_status: CommStatus } : {}),
          ...(LeadStatus !== undefined ? { lead_status: LeadStatus } : {}),
          ...(Notes !== undefined ? { notes: Notes } : {}),
          updated_at: at,
        })
        .where("id", "=", update.id)
        .where("updated_at", "=", current.UpdatedAt)
        .executeTakeFirst();
      // Someone else wrote between our read and our write: read again and decide again.
      if (Number(written.numUpdatedRows) !== 1) return { kind: "retry" } as const;
      const lead: LeadRecord = { ...current, ...update.changes, UpdatedAt: at };
      const events = historyFields
        .filter(
          (field) =>
            update.changes[field] !== undefined && update.changes[field] !== current[field],
        )
        .map((field, i) => ({
          id: uuidv7(now.getTime() + i),
          lead_id: update.id,
          actor_id: actor.id,
          actor_email: actor.email,
          field,
          from_value: current[field],
          to_value: lead[field],
          created_at: at,
        }));
      if (events.length) await trx.insertInto("lead_events").values(events).execute();
      return { kind: "updated", lead } as const;
    });
    if (result.kind !== "retry") return result;
  }
}

/** A lead's recorded changes, newest first. */
export async function leadHistory(db: Db, leadId: string): Promise<LeadEvent[]> {
  const rows = await db
    .selectFrom("lead_events")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(500)
    .execute();
  return rows.map((row) => ({
    ID: row.id,
    LeadID: row.lead_id,
    Field: row.field,
    From: row.from_value,
    To: row.to_value,
    By: row.actor_email,
    At: toIso(row.created_at),
  }));
}

/** Every lead of a list and filters, a page at a time (for the CSV export). */
export async function* eachLead(
  db: Db,
  list: LeadList,
  filters: LeadFilters,
  pageSize = 1000,
): AsyncGenerator<LeadRecord> {
  let after: LeadCursor | undefined;
  do {
    const page = await listLeads(db, list, { limit: pageSize, after, filters, scan: true });
    yield* page.leads;
    after = page.next ?? undefined;
  } while (after);
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The dashboard's numbers in four queries, each answered from an index or a short range:
 * the two counts, this month's conversions from the history (newest events only), and the
 * weeks grouped in the database, so at most 60 rows come back however many leads there are.
 */
export async function leadStats(db: Db, now = new Date(), weekCount = 12): Promise<LeadStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const thisMonday = today - ((new Date(today).getUTCDay() + 6) % 7) * dayMs;
  const starts = Array.from({ length: weekCount }, (_, i) =>
    new Date(thisMonday - (weekCount - 1 - i) * 7 * dayMs).toISOString(),
  );
  // Which week a lead arrived in, as a plain CASE over the week boundaries: the same SQL on
  // both engines, where date arithmetic is not.
  const weekOf =
    starts.length < 2
      ? sql<number>`0`
      : sql<number>`case ${sql.join(
          starts
            .slice(1)
            .reverse()
            .map((start, i) => sql`when created_at >= ${start} then ${sql.lit(weekCount - 1 - i)}`),
          sql` `,
        )} else 0 end`;

  const count = (query: SelectQueryBuilder<Database, "leads", object>) =>
    query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  const [unread, all, converted, perWeek] = await Promise.all([
    // Two counts, each a quick walk of an index (one count over a CASE reads every row).
    count(db.selectFrom("leads").where("comm_status", "=", "UNREAD")),
    count(db.selectFrom("leads")),
    // Leads that are CONVERTED now and were set so this month.
    db
      .selectFrom("lead_events")
      .innerJoin("leads", "leads.id", "lead_events.lead_id")
      .where("lead_events.field", "=", "LeadStatus")
      .where("lead_events.to_value", "=", "CONVERTED")
      .where("lead_events.created_at", ">=", monthStart)
      .where("leads.lead_status", "=", "CONVERTED")
      .select((eb) => eb.fn.count<number | string>("lead_events.lead_id").distinct().as("n"))
      .executeTakeFirstOrThrow(),
    // Grouped outside a subquery: PostgreSQL would not see the CASE in GROUP BY, with its own
    // parameter numbers, as the same expression as the one selected.
    db
      .selectFrom(
        db
          .selectFrom("leads")
          .where("created_at", ">=", starts[0] ?? monthStart)
          .select([weekOf.as("week"), "lead_status"])
          .as("recent"),
      )
      .select((eb) => [
        "recent.week",
        "recent.lead_status",
        eb.fn.countAll<number | string>().as("n"),
      ])
      .groupBy(["recent.week", "recent.lead_status"])
      .execute(),
  ]);
  const weeks = starts.map((start) => ({
    start: start.slice(0, 10),
    counts: Object.fromEntries(leadStatuses.map((s) => [s, 0])) as Record<LeadStatus, number>,
  }));
  for (const row of perWeek) {
    const bucket = weeks[Number(row.week)];
    if (bucket) bucket.counts[row.lead_status as LeadStatus] += Number(row.n);
  }
  const newCount = Number(unread.n);
  return {
    newLeads: newCount,
    followingUp: Number(all.n) - newCount,
    convertedThisMonth: Number(converted.n),
    weeks,
  };
}
