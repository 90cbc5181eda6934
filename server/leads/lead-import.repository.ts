import { SqliteAdapter, sql, type Transaction } from "kysely";
import { importLimits } from "../../domain/lead-import.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { ImportedFields, LeadState } from "./lead-import-plan.ts";
import type { Actor } from "./lead-updates.repository.ts";

/** All SQL of importing leads from CSV and undoing an import (docs/decisions/040). */

type Executor = Db | Transaction<Database>;

/**
 * Erases leads for good, search entries and all (triage's eraseLeads, handed in from the admin
 * scope: triage sits above leads in the layers of docs/development.md).
 */
export type EraseLeads = (
  db: Db,
  ids: readonly string[],
  actor: Actor,
  now: Date,
) => Promise<{ erased: string[] }>;

const day = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

/** The leads with these (lowercased) addresses, by address; the oldest when there are several. */
export async function leadsByEmail(
  db: Executor,
  emails: readonly string[],
): Promise<Map<string, LeadState>> {
  const found = new Map<string, LeadState>();
  if (emails.length === 0) return found;
  const rows = await db
    .selectFrom("leads")
    .select([
      "id",
      sql<string>`lower(email)`.as("address"),
      "first_name",
      "last_name",
      "message",
      "notes",
      "value",
      "next_follow_up",
      "comm_status",
      "lead_status",
    ])
    .where(sql`lower(email)`, "in", emails)
    .orderBy("id", "desc")
    .execute();
  for (const row of rows)
    found.set(row.address, {
      id: row.id,
      created: false,
      first_name: row.first_name,
      last_name: row.last_name,
      message: row.message,
      notes: row.notes,
      value: row.value === null ? null : Number(row.value),
      next_follow_up: day(row.next_follow_up),
      comm_status: row.comm_status,
      lead_status: row.lead_status,
    });
  return found;
}

export type ImportRecord = {
  id: string;
  fileName: string;
  actor: Actor;
  now: Date;
};

export async function startImport(db: Db, record: ImportRecord) {
  await db
    .insertInto("lead_imports")
    .values({
      id: record.id,
      file_name: record.fileName,
      actor_id: record.actor.id,
      actor_email: record.actor.email,
      created_at: record.now.toISOString(),
    })
    .execute();
}

export type ImportCounts = { new: number; updated: number; unchanged: number; invalid: number };

export async function finishImport(db: Db, id: string, counts: ImportCounts, now: Date) {
  await db
    .updateTable("lead_imports")
    .set({
      new_count: counts.new,
      updated_count: counts.updated,
      unchanged_count: counts.unchanged,
      invalid_count: counts.invalid,
      finished_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

/** Forgets an import cut short, once its changes are reverted. */
export async function dropImport(db: Db, id: string) {
  await db.deleteFrom("lead_import_changes").where("import_id", "=", id).execute();
  await db.deleteFrom("lead_imports").where("id", "=", id).execute();
}

/** Writes one batch's new leads and changes, and what undo needs, in the given transaction. */
export async function writeBatch(
  trx: Transaction<Database>,
  importId: string,
  created: readonly LeadState[],
  updated: readonly LeadState[],
  email: ReadonlyMap<string, string>,
  now: Date,
) {
  const at = now.toISOString();
  // Small chunks: every engine's limit on bound parameters stays far away.
  for (let i = 0; i < created.length; i += 100) {
    const chunk = created.slice(i, i + 100);
    await trx
      .insertInto("leads")
      .values(
        chunk.map((lead) => ({
          id: lead.id,
          first_name: lead.first_name,
          last_name: lead.last_name,
          email: email.get(lead.id) ?? "",
          message: lead.message,
          contacted_us: false,
          lead_status: lead.lead_status,
          comm_status: lead.comm_status,
          notes: lead.notes,
          source_page: null,
          source: "import",
          value: lead.value,
          next_follow_up: lead.next_follow_up,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await trx
      .insertInto("lead_import_changes")
      .values(
        chunk.map((lead) => ({
          import_id: importId,
          lead_id: lead.id,
          kind: "created" as const,
          before: null,
          after: null,
        })),
      )
      .execute();
  }
  for (const lead of updated) {
    const fields = lead.created ? createdFields(lead) : (lead.change?.after ?? {});
    await trx
      .updateTable("leads")
      .set({ ...fields, updated_at: at })
      .where("id", "=", lead.id)
      .execute();
    if (lead.created || !lead.change) continue;
    const values = {
      before: JSON.stringify(lead.change.before),
      after: JSON.stringify(lead.change.after),
    };
    await trx
      .insertInto("lead_import_changes")
      .values({ import_id: importId, lead_id: lead.id, kind: "updated", ...values })
      .onConflict((conflict) => conflict.columns(["import_id", "lead_id"]).doUpdateSet(values))
      .execute();
  }
}

const createdFields = (lead: LeadState): ImportedFields => ({
  first_name: lead.first_name,
  last_name: lead.last_name,
  message: lead.message,
  notes: lead.notes,
  value: lead.value,
  next_follow_up: lead.next_follow_up,
});

export type UndoOutcome =
  | { status: "done"; removed: number; reverted: number; notReverted: number }
  | { status: "missing" | "undone" | "expired" | "not-yours" };

/**
 * Undoes an import: erases the leads it created (as erasure does, search entries and all) and
 * puts back what it filled in, unless the team has changed that lead since: then the lead stays
 * as it is and is counted. Claimed first, so two undos of one import cannot both run.
 */
export async function undoImport(
  db: Db,
  importId: string,
  actor: Actor & { role: string },
  now: Date,
  erase: EraseLeads,
): Promise<UndoOutcome> {
  const batch = await db
    .selectFrom("lead_imports")
    .select(["actor_id", "created_at", "finished_at", "undone_at"])
    .where("id", "=", importId)
    .executeTakeFirst();
  if (!batch?.finished_at) return { status: "missing" };
  if (actor.role !== "owner" && batch.actor_id !== actor.id) return { status: "not-yours" };
  if (batch.undone_at) return { status: "undone" };
  const importedAt = new Date(batch.created_at).getTime();
  if (now.getTime() - importedAt > importLimits.undoDays * 86_400_000) return { status: "expired" };
  const claimed = await db
    .updateTable("lead_imports")
    .set({ undone_at: now.toISOString() })
    .where("id", "=", importId)
    .where("undone_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { status: "undone" };
  const outcome = await revertChanges(db, importId, importedAt, actor, now, erase);
  return { status: "done", ...outcome };
}

/** Reverts an import's changes, 500 leads a transaction; also what ends an import cut short. */
export async function revertChanges(
  db: Db,
  importId: string,
  importedAt: number,
  actor: Actor,
  now: Date,
  erase: EraseLeads,
) {
  const counts = { removed: 0, reverted: 0, notReverted: 0 };
  let after: string | undefined;
  for (;;) {
    let page = db
      .selectFrom("lead_import_changes as c")
      .leftJoin("leads as l", "l.id", "c.lead_id")
      .select([
        "c.lead_id",
        "c.kind",
        "c.before",
        "c.after",
        "l.id as existing",
        "l.updated_at",
        "l.first_name",
        "l.last_name",
        "l.message",
        "l.notes",
        "l.value",
        "l.next_follow_up",
      ])
      .where("c.import_id", "=", importId)
      .orderBy("c.lead_id")
      .limit(500);
    if (after !== undefined) page = page.where("c.lead_id", ">", after);
    const changes = await page.execute();
    if (changes.length === 0) return counts;
    after = changes.at(-1)?.lead_id ?? after;
    const gone: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (const change of changes) {
        if (!change.existing) continue;
        if (change.kind === "created") {
          const untouched = new Date(change.updated_at ?? 0).getTime() === importedAt;
          if (untouched) gone.push(change.lead_id);
          else counts.notReverted++;
          continue;
        }
        const current: Record<string, unknown> = {
          first_name: change.first_name,
          last_name: change.last_name,
          message: change.message,
          notes: change.notes,
          value: change.value === null ? null : Number(change.value),
          next_follow_up: day(change.next_follow_up),
        };
        const { set, kept } = revertFields(
          JSON.parse(change.before ?? "{}"),
          JSON.parse(change.after ?? "{}"),
          current,
        );
        if (Object.keys(set).length > 0)
          await trx
            .updateTable("leads")
            .set({ ...set, updated_at: now.toISOString() })
            .where("id", "=", change.lead_id)
            .execute();
        if (kept) counts.notReverted++;
        else counts.reverted++;
      }
      // A lead with nothing attached goes in one statement (its search entry with it); one
      // with history, mail, meetings or registrations goes through erasure, which knows them all.
      const attached = await attachedTo(trx, gone);
      const bare = gone.filter((id) => !attached.has(id));
      if (bare.length > 0) {
        await withoutSecureDelete(trx, () =>
          trx.deleteFrom("leads").where("id", "in", bare).execute(),
        );
        counts.removed += bare.length;
      }
      gone.splice(0, gone.length, ...attached);
    });
    if (gone.length > 0) counts.removed += (await erase(db, gone, actor, now)).erased.length;
  }
}

/**
 * SQLite: FTS5's secure-delete rewrites the index for every entry removed (milliseconds each),
 * which erasure wants and an undone import of the owner's own file does not; it is off only
 * inside this transaction, so no other writer ever sees it off (docs/decisions/040).
 */
async function withoutSecureDelete(trx: Transaction<Database>, run: () => Promise<unknown>) {
  if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) return void (await run());
  await sql`insert into leads_search (leads_search, rank) values ('secure-delete', 0)`.execute(trx);
  await run();
  await sql`insert into leads_search (leads_search, rank) values ('secure-delete', 1)`.execute(trx);
}

/** Which of these leads have rows elsewhere: history, mail, meetings, event registrations. */
async function attachedTo(trx: Transaction<Database>, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await trx
    .selectFrom("lead_events")
    .select("lead_id")
    .where("lead_id", "in", ids)
    .union(trx.selectFrom("meetings").select("lead_id").where("lead_id", "in", ids))
    .union(trx.selectFrom("lead_messages").select("lead_id").where("lead_id", "in", ids))
    .union(trx.selectFrom("event_registrations").select("lead_id").where("lead_id", "in", ids))
    .execute();
  const mail = await trx
    .selectFrom("outbox")
    .select("lead_id")
    .where("lead_id", "in", ids)
    .execute();
  return new Set([...rows, ...mail].map((row) => String(row.lead_id)));
}

/** The fields that still hold what the import wrote go back; notes lose the appended part. */
export function revertFields(
  before: ImportedFields,
  after: ImportedFields,
  current: Record<string, unknown>,
): { set: ImportedFields; kept: boolean } {
  const set: Record<string, unknown> = {};
  let kept = false;
  for (const [name, value] of Object.entries(after)) {
    const was = (before as Record<string, unknown>)[name];
    if (current[name] === value) set[name] = was;
    else if (name === "notes" && typeof value === "string" && typeof was === "string") {
      const appended = value.slice(was.length);
      const notes = String(current.notes ?? "");
      if (appended && notes.includes(appended)) set[name] = notes.replace(appended, "");
      else kept = true;
    } else kept = true;
  }
  return { set: set as ImportedFields, kept };
}
