import type { Selectable } from "kysely";
import { passwordResetMinutes } from "../../domain/account.ts";
import { applyNewPassword, type User } from "../auth/users.repository.ts";
import type { Db } from "../db/connect.ts";
import type { PasswordResetsTable } from "../db/schema-accounts.ts";
import { uuidv7 } from "../db/uuid.ts";
import { enqueueOutbox } from "../notifications/outbox.repository.ts";
import { newNonce } from "./invitation-token.ts";
import { hashPasswordResetToken, passwordResetToken } from "./password-reset-token.ts";

/** All SQL for password reset links (docs/team.md, "Forgot password"). */

export type PasswordResetRow = Selectable<PasswordResetsTable>;
/** The outbox's row for a reset e-mail: the token is made again when it is written. */
export type PasswordResetEmailPayload = { resetId: string; nonce: string };
export const passwordResetKind = "password-reset";

const validMs = passwordResetMinutes * 60 * 1000;

/** A new link for the account, and its e-mail queued, in one transaction. */
export async function createPasswordReset(
  db: Db,
  userId: string,
  key: Uint8Array,
  now: Date,
): Promise<PasswordResetRow> {
  return db.transaction().execute(async (trx) => {
    const id = uuidv7(now.getTime());
    const nonce = newNonce();
    const row = {
      id,
      user_id: userId,
      nonce,
      token_hash: hashPasswordResetToken(passwordResetToken(key, id, nonce)),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + validMs).toISOString(),
      used_at: null,
    };
    await trx.insertInto("password_resets").values(row).execute();
    await enqueueOutbox(trx, {
      kind: passwordResetKind,
      leadId: null,
      dedupeKey: `${id}:${nonce}`,
      payload: { resetId: id, nonce } satisfies PasswordResetEmailPayload,
      now,
    });
    return row;
  });
}

export async function findPasswordResetByToken(
  db: Db,
  token: string,
): Promise<(PasswordResetRow & { email: string }) | undefined> {
  return db
    .selectFrom("password_resets")
    .innerJoin("users", "users.id", "password_resets.user_id")
    .selectAll("password_resets")
    .select("users.email")
    .where("password_resets.token_hash", "=", hashPasswordResetToken(token))
    .executeTakeFirst();
}

export async function findPasswordReset(
  db: Db,
  id: string,
): Promise<(PasswordResetRow & { email: string }) | undefined> {
  return db
    .selectFrom("password_resets")
    .innerJoin("users", "users.id", "password_resets.user_id")
    .selectAll("password_resets")
    .select("users.email")
    .where("password_resets.id", "=", id)
    .executeTakeFirst();
}

/** Why a link no longer works, or null while it does. */
export function passwordResetClosed(row: PasswordResetRow, now: Date): "used" | "expired" | null {
  if (row.used_at) return "used";
  if (new Date(row.expires_at).getTime() <= now.getTime()) return "expired";
  return null;
}

/**
 * Uses a link: marks it used (a compare-and-set, so of two submissions at once exactly one
 * wins), sets the password and ends every session of the account, in one transaction.
 * Resolves to the account as it now is, or to why the link did not work.
 */
export async function resetPassword(
  db: Db,
  input: { row: PasswordResetRow; token: string; passwordHash: string },
  now: Date,
): Promise<
  { kind: "reset"; user: User; sessionsEnded: number } | { kind: "closed"; why: "used" | "expired" }
> {
  const { row, token, passwordHash } = input;
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable("password_resets")
      .set({ used_at: now.toISOString() })
      .where("id", "=", row.id)
      .where("token_hash", "=", hashPasswordResetToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) {
      const current = await trx
        .selectFrom("password_resets")
        .selectAll()
        .where("id", "=", row.id)
        .executeTakeFirst();
      return {
        kind: "closed" as const,
        why: (current && passwordResetClosed(current, now)) || "used",
      };
    }
    const { sessionsEnded } = await applyNewPassword(
      trx,
      { id: row.user_id, passwordHash, keep: null },
      now,
    );
    const user = await trx
      .selectFrom("users")
      .selectAll()
      .where("id", "=", row.user_id)
      .executeTakeFirstOrThrow();
    return { kind: "reset" as const, user, sessionsEnded };
  });
}
