import { createHash } from "node:crypto";
import { PostgresAdapter } from "kysely";
import type { Passkey } from "../../domain/passkeys.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";
import { uuidv7 } from "../db/uuid.ts";

/**
 * All SQL for passkeys as a second factor (docs/team.md, "Two-factor sign-in"; ADR 042): the
 * credentials of each account, and the challenges handed out for them. A challenge is kept by
 * its hash, bound to one account and one purpose, for 5 minutes, and is taken with a single
 * DELETE … RETURNING, so of two requests with one challenge (on any instance) one wins.
 */

export const challengeTtlMs = 5 * 60_000;
export type ChallengePurpose = "register" | "login";

const hashChallenge = (challenge: string) =>
  createHash("sha256").update(`webauthn-challenge\0${challenge}`).digest("base64url");

/** Keeps a new challenge; expired ones of anyone are cleared on the way, so the table stays small. */
export async function storeChallenge(
  db: Db,
  input: { challenge: string; userId: string; purpose: ChallengePurpose },
  now: Date,
): Promise<void> {
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("webauthn_challenges")
    .values({
      challenge_hash: hashChallenge(input.challenge),
      user_id: input.userId,
      purpose: input.purpose,
      expires_at: new Date(now.getTime() + challengeTtlMs).toISOString(),
    })
    .execute();
}

/**
 * Uses up a challenge: true only for the first request that brings it, for the account and
 * purpose it was made for, within its 5 minutes.
 */
export async function takeChallenge(
  db: Db,
  input: { challenge: string; userId: string; purpose: ChallengePurpose },
  now: Date,
): Promise<boolean> {
  const taken = await db
    .deleteFrom("webauthn_challenges")
    .where("challenge_hash", "=", hashChallenge(input.challenge))
    .where("user_id", "=", input.userId)
    .where("purpose", "=", input.purpose)
    .where("expires_at", ">", now.toISOString())
    .returning("challenge_hash")
    .executeTakeFirst();
  return Boolean(taken);
}

export type PasskeyRow = {
  id: string;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
};

const transportsOf = (value: string | null): string[] => {
  try {
    const parsed: unknown = value ? JSON.parse(value) : [];
    return Array.isArray(parsed) ? parsed.filter((t) => typeof t === "string") : [];
  } catch {
    return [];
  }
};

/** Every passkey of an account, as the WebAuthn calls need them. */
export async function credentialsOf(db: Db, userId: string): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "credential_id", "public_key", "counter", "transports"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
    counter: Number(row.counter),
    transports: transportsOf(row.transports),
  }));
}

/** The account's passkey with this credential ID; another account's is never found. */
export async function findCredential(
  db: Db,
  userId: string,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return (await credentialsOf(db, userId)).find((row) => row.credentialId === credentialId);
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("passkeys")
    .select("id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

const toPasskey = (row: {
  id: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: toIso(row.created_at),
  lastUsedAt: row.last_used_at ? toIso(row.last_used_at) : null,
});

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toPasskey);
}

/** Stores a verified credential; undefined when that credential is already registered. */
export async function addPasskey(
  db: Db,
  input: {
    userId: string;
    name: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: readonly string[] | undefined;
  },
  now: Date,
): Promise<Passkey | undefined> {
  const row = await db
    .insertInto("passkeys")
    .values({
      id: uuidv7(now.getTime()),
      user_id: input.userId,
      name: input.name,
      credential_id: input.credentialId,
      public_key: Buffer.from(input.publicKey).toString("base64url"),
      counter: input.counter,
      transports: input.transports?.length ? JSON.stringify(input.transports) : null,
      created_at: now.toISOString(),
      last_used_at: null,
    })
    .onConflict((oc) => oc.column("credential_id").doNothing())
    .returning(["id", "name", "created_at", "last_used_at"])
    .executeTakeFirst();
  return row ? toPasskey(row) : undefined;
}

/**
 * Records a use: the counter moves from what was read to what the authenticator reported, as a
 * compare-and-set, so two assertions racing with one counter value cannot both pass. A counter
 * that does not move forward (when either is non-zero) was refused before this by the check.
 */
export async function recordUse(
  db: Db,
  input: { id: string; from: number; to: number },
  now: Date,
): Promise<boolean> {
  const updated = await db
    .updateTable("passkeys")
    .set({ counter: input.to, last_used_at: now.toISOString() })
    .where("id", "=", input.id)
    .where("counter", "=", input.from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * Removes one of the account's passkeys, resolving to its name, or undefined when it is not
 * theirs. With `keepOne`, the last one stays (the team's two-factor rule needs a factor):
 * "last" resolves to that. The account's passkeys are locked while that is decided
 * (PostgreSQL; SQLite writes one transaction at a time), so two removals at once cannot take
 * the last two.
 */
export async function removePasskey(
  db: Db,
  input: { userId: string; id: string; keepOne: boolean },
): Promise<{ name: string } | "last" | undefined> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    const query = trx
      .selectFrom("passkeys")
      .select(["id", "name"])
      .where("user_id", "=", input.userId);
    const mine = await (postgres ? query.forUpdate() : query).execute();
    const target = mine.find((row) => row.id === input.id);
    if (!target) return undefined;
    if (input.keepOne && mine.length === 1) return "last";
    await trx.deleteFrom("passkeys").where("id", "=", input.id).execute();
    return { name: target.name };
  });
}
