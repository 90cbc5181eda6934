import type { Selectable, Transaction } from "kysely";
import { isTeamRole, type TeamRole } from "../../domain/roles.ts";
import { invitationDays, type TeamInvitation } from "../../domain/team.ts";
import { normalizeEmail } from "../auth/users.repository.ts";
import type { Db } from "../db/connect.ts";
import { type Database, toIso } from "../db/schema.ts";
import type { TeamInvitationsTable } from "../db/schema-accounts.ts";
import { uuidv7 } from "../db/uuid.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import { hashInvitationToken, invitationToken, newNonce } from "./invitation-token.ts";

/** All SQL for the team's invitations (docs/team.md, "Invitations"). */

export type InvitationRow = Selectable<TeamInvitationsTable>;
/** The outbox's row for an invitation's e-mail: the token is made again when it is written. */
export type InvitationEmailPayload = { invitationId: string; nonce: string };
export const invitationKind = "team-invitation";

const validMs = invitationDays * 24 * 60 * 60 * 1000;

const openInvitations = (db: Db | Transaction<Database>) =>
  db
    .selectFrom("team_invitations")
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null);

/** Queues the e-mail of an invitation's current link, in the transaction that made it. */
const queueEmail = (trx: Transaction<Database>, id: string, nonce: string, now: Date) =>
  enqueueOutbox(trx, {
    kind: invitationKind,
    leadId: null,
    dedupeKey: `${id}:${nonce}`,
    payload: { invitationId: id, nonce } satisfies InvitationEmailPayload,
    now,
  });

/** The fields of a new link: a fresh nonce, its token's hash, seven days from now. */
function freshLink(key: Uint8Array, id: string, now: Date) {
  const nonce = newNonce();
  return {
    nonce,
    token_hash: hashInvitationToken(invitationToken(key, id, nonce)),
    sent_at: now.toISOString(),
    expires_at: new Date(now.getTime() + validMs).toISOString(),
  };
}

/**
 * Invites `email` to `role` and queues the e-mail, in one transaction; an open invitation to
 * the same address is withdrawn (its link stops working). Someone already on the team is
 * refused: their role is changed instead.
 */
export async function createInvitation(
  db: Db,
  input: { email: string; role: TeamRole; invitedBy: string; key: Uint8Array; now: Date },
): Promise<{ kind: "on-team" } | { kind: "created"; row: InvitationRow }> {
  const { email, role, invitedBy, key, now } = input;
  const normalized = normalizeEmail(email);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select("role")
      .where("email_normalized", "=", normalized)
      .executeTakeFirst();
    if (user && isTeamRole(user.role)) return { kind: "on-team" };
    await trx
      .updateTable("team_invitations")
      .set({ revoked_at: now.toISOString() })
      .where("email_normalized", "=", normalized)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    const id = uuidv7(now.getTime());
    const link = freshLink(key, id, now);
    await trx
      .insertInto("team_invitations")
      .values({
        id,
        email: email.trim(),
        email_normalized: normalized,
        role,
        invited_by: invitedBy,
        created_at: now.toISOString(),
        ...link,
      })
      .execute();
    await queueEmail(trx, id, link.nonce, now);
    const row = await trx
      .selectFrom("team_invitations")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { kind: "created", row };
  });
}

/** A new link for an open invitation (expired or not), sent again; null if none is open. */
export async function resendInvitation(
  db: Db,
  id: string,
  key: Uint8Array,
  now: Date,
): Promise<InvitationRow | null> {
  return db.transaction().execute(async (trx) => {
    const link = freshLink(key, id, now);
    const updated = await trx
      .updateTable("team_invitations")
      .set(link)
      .where("id", "=", id)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    await queueEmail(trx, id, link.nonce, now);
    return (
      (await trx
        .selectFrom("team_invitations")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst()) ?? null
    );
  });
}

/** Withdraws an open invitation; resolves to its row, or null if none was open. */
export async function revokeInvitation(
  db: Db,
  id: string,
  now: Date,
): Promise<InvitationRow | null> {
  const row = await openInvitations(db).selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const updated = await db
    .updateTable("team_invitations")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? row : null;
}

/** The invitations not yet accepted or withdrawn, newest first, with who sent them. */
export async function listOpenInvitations(db: Db, now: Date): Promise<TeamInvitation[]> {
  const rows = await openInvitations(db)
    .leftJoin("users", "users.id", "team_invitations.invited_by")
    .selectAll("team_invitations")
    .select(["users.first_name", "users.last_name"])
    .orderBy("team_invitations.sent_at", "desc")
    .execute();
  return rows.map((row) =>
    invitationOf(row, row.first_name === null ? null : `${row.first_name} ${row.last_name}`, now),
  );
}

export const invitationOf = (
  row: InvitationRow,
  invitedBy: string | null,
  now: Date,
): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy,
  sentAt: toIso(row.sent_at),
  expiresAt: toIso(row.expires_at),
  status: new Date(row.expires_at).getTime() <= now.getTime() ? "expired" : "open",
});

export async function findInvitationByToken(
  db: Db,
  token: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom("team_invitations")
    .selectAll()
    .where("token_hash", "=", hashInvitationToken(token))
    .executeTakeFirst();
}

export async function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom("team_invitations").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Why an invitation's link no longer works, or null while it does. */
export function invitationClosed(
  row: InvitationRow,
  now: Date,
): "used" | "revoked" | "expired" | null {
  if (row.accepted_at) return "used";
  if (row.revoked_at) return "revoked";
  if (new Date(row.expires_at).getTime() <= now.getTime()) return "expired";
  return null;
}
