import { PostgresAdapter, type Selectable, type SelectQueryBuilder, sql } from "kysely";
import { addDays, type CalendarDate } from "../../domain/dates.ts";
import { closedCommStatuses, type DueFilter, type LeadFilters } from "../../domain/lead-filters.ts";
import { closedLeadStatuses, isUuid, type StoredLead } from "../../domain/lead-record.ts";
import type { Db } from "../db/connect.ts";
import type { Database, LeadsTable } from "../db/schema.ts";
import { toLeadRecord } from "./lead-record.ts";

/** All SQL for reading leads: one lead, the two lists, and search. */

export async function findLead(db: Db, id: string): Promise<StoredLead | undefined> {
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

export type LeadPage = { readonly leads: StoredLead[]; readonly next: LeadCursor | null };

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

/**
 * Follow-ups by their day, in the owner's time zone (the caller's `today`): overdue before
 * today, due today, or within the week that starts today.
 */
export function whereDue<Q extends SelectQueryBuilder<Database, "leads", object>>(
  query: Q,
  due: DueFilter,
  today: CalendarDate,
): Q {
  if (due === "overdue") return query.where("next_follow_up", "<", today) as Q;
  if (due === "today") return query.where("next_follow_up", "=", today) as Q;
  return query
    .where("next_follow_up", ">=", today)
    .where("next_follow_up", "<=", addDays(today, 6)) as Q;
}

/** Leads still in play: "Active only" hides finished conversations and decided leads. */
export function whereActive<Q extends SelectQueryBuilder<Database, "leads", object>>(query: Q): Q {
  return query
    .where("comm_status", "not in", closedCommStatuses)
    .where("lead_status", "not in", closedLeadStatuses) as Q;
}

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

/** A list's leads with its filters applied; the search is left to the caller. */
function listQuery(
  db: Db,
  list: LeadList,
  filters: LeadFilters,
  today: CalendarDate | undefined,
): LeadQuery {
  let query: LeadQuery = db.selectFrom("leads").selectAll();
  if (list !== "all") query = query.where("comm_status", list === "new" ? "=" : "<>", "UNREAD");
  if (filters.comm) query = query.where("comm_status", "=", filters.comm);
  if (filters.lead) query = query.where("lead_status", "=", filters.lead);
  if (filters.due) {
    if (!today) throw new Error("the due filter needs today's date");
    query = whereDue(query, filters.due, today);
  }
  if (filters.source) query = query.where("source", "=", filters.source);
  if (filters.reply === "unread") query = query.where("reply_unread_at", "is not", null);
  if (filters.active) query = whereActive(query);
  // "me" is resolved to the caller by the route (filtersFor); left as is, it matches no one.
  if (filters.assigned === "none") query = query.where("assigned_to", "is", null);
  else if (isUuid(filters.assigned)) query = query.where("assigned_to", "=", filters.assigned);
  else if (filters.assigned) query = query.where(sql<boolean>`1 = 0`);
  return query;
}

/** Every lead (any list) that matches a search and filters, to refine further. */
export const matchingLeads = (db: Db, filters: LeadFilters) =>
  whereContains(listQuery(db, "all", filters, undefined), searchWords(filters.q), isPostgres(db));

/**
 * How many leads a list has for a search and filters: its heading's count. The search is
 * checked word by word (LIKE, as a page is), which on SQLite reads the list once: about 60 ms
 * at 100,000 leads, paid on a list's first page and by live updates, never per keystroke.
 */
export async function countList(
  db: Db,
  list: LeadList,
  { filters = {}, today }: { filters?: LeadFilters; today?: CalendarDate },
): Promise<number> {
  const query = whereContains(
    listQuery(db, list, filters, today),
    searchWords(filters.q),
    isPostgres(db),
  );
  const row = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of the given leads, the IDs that match a search and filters (in any list). */
export async function matchingIds(
  db: Db,
  ids: readonly string[],
  { filters = {}, today }: { filters?: LeadFilters; today?: CalendarDate },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await whereContains(
    listQuery(db, "all", filters, today).where("id", "in", ids),
    searchWords(filters.q),
    isPostgres(db),
  )
    .clearSelect()
    .select("id")
    .execute();
  return rows.map((row) => row.id);
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
    today,
  }: {
    limit: number;
    after?: LeadCursor;
    filters?: LeadFilters;
    scan?: boolean;
    probeRows?: number;
    /** Today in the owner's time zone: what the `due` filter counts from. */
    today?: CalendarDate;
  },
): Promise<LeadPage> {
  const postgres = isPostgres(db);
  const column = list === "old" ? "updated_at" : "created_at";
  let query = listQuery(db, list, filters, today);
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
