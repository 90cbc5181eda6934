import type { Transaction } from "kysely";
import { closedLeadStatuses } from "../../domain/lead-record.ts";
import type { AssignmentMode } from "../../domain/team.ts";
import type { Db } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/**
 * All SQL for how leads get their owner (docs/team.md, "Whose lead is it"): the team's mode,
 * round-robin's turn, and leads going back to no one when their owner leaves. Kept here
 * rather than in server/leads because the intake (server/contact) and the team's removal both
 * need it, and neither may import the other's way round (docs/development.md, "Layers").
 */

type Trx = Db | Transaction<Database>;

/** The roles round-robin takes turns between: an editor never owns leads. */
const turnRoles = ["owner", "member"] as const;

export async function assignmentMode(db: Trx): Promise<AssignmentMode> {
  const row = await db
    .selectFrom("team_assignment")
    .select("mode")
    .where("id", "=", 1)
    .executeTakeFirst();
  return row?.mode ?? "manual";
}

export async function setAssignmentMode(db: Db, mode: AssignmentMode): Promise<AssignmentMode> {
  const before = await assignmentMode(db);
  await db.updateTable("team_assignment").set({ mode }).where("id", "=", 1).execute();
  return before;
}

/**
 * Round-robin's next person, taking the turn: the first available owner or member after the
 * last one given a lead (in a fixed order, by ID), around again from the start; null in manual
 * mode or when everyone is away. The turn is taken by compare-and-set on the one row, so two
 * instances giving out leads at once never give two to one person out of turn: the loser of
 * the race reads the winner's turn and takes the next. Inside the caller's transaction, so
 * a lead that rolls back gives its turn back too.
 */
export async function takeTurn(trx: Trx): Promise<{ id: string; email: string } | null> {
  for (;;) {
    const row = await trx
      .selectFrom("team_assignment")
      .selectAll()
      .where("id", "=", 1)
      .executeTakeFirst();
    if (row?.mode !== "round-robin") return null;
    const people = await trx
      .selectFrom("users")
      .select(["id", "email"])
      .where("role", "in", turnRoles)
      .where("available", "=", true)
      .orderBy("id")
      .execute();
    const last = row.last_user_id ?? "";
    const next = people.find((person) => person.id > last) ?? people[0];
    if (!next) return null;
    const taken = await trx
      .updateTable("team_assignment")
      .set({ last_user_id: next.id, turn: Number(row.turn) + 1 })
      .where("id", "=", 1)
      .where("turn", "=", Number(row.turn))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return next;
  }
}

/**
 * Gives a new lead to round-robin's next person, with its history line, in the transaction
 * that stores it; the new owner's e-mail is the caller's to queue. Null when no one's turn
 * applies (manual mode, everyone away).
 */
export async function assignOnArrival(
  trx: Trx,
  leadId: string,
  now: Date,
): Promise<{ id: string; email: string } | null> {
  const person = await takeTurn(trx);
  if (!person) return null;
  await trx.updateTable("leads").set({ assigned_to: person.id }).where("id", "=", leadId).execute();
  await trx
    .insertInto("lead_events")
    .values({
      id: uuidv7(now.getTime()),
      lead_id: leadId,
      actor_id: null,
      actor_email: "round-robin",
      field: "AssignedTo",
      from_value: "",
      to_value: person.email,
      created_at: now.toISOString(),
      via: "round-robin",
    })
    .execute();
  return person;
}

/**
 * Someone leaves the team: their open leads (not won or lost) go back to no one, each with a
 * history line naming who removed them; their closed ones stay theirs, as the record of who
 * won or lost them. Inside the removal's transaction.
 */
export async function returnOpenLeads(
  trx: Trx,
  userId: string,
  input: { email: string; by: { id: string | null; email: string }; now: Date },
): Promise<number> {
  const leads = await trx
    .selectFrom("leads")
    .select(["id", "updated_at"])
    .where("assigned_to", "=", userId)
    .where("lead_status", "not in", closedLeadStatuses)
    .execute();
  for (const [i, lead] of leads.entries()) {
    // Strictly after the version it replaces, as every save does (lead-updates.repository.ts).
    const at = new Date(
      Math.max(input.now.getTime(), new Date(lead.updated_at).getTime() + 1),
    ).toISOString();
    await trx
      .updateTable("leads")
      .set({ assigned_to: null, updated_at: at })
      .where("id", "=", lead.id)
      .execute();
    await trx
      .insertInto("lead_events")
      .values({
        id: uuidv7(input.now.getTime() + i),
        lead_id: lead.id,
        actor_id: input.by.id,
        actor_email: input.by.email,
        field: "AssignedTo",
        from_value: input.email,
        to_value: "",
        created_at: at,
        via: "removal",
      })
      .execute();
  }
  return leads.length;
}
