import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import { normalizeRecoveryCode, recoveryCodeCount } from "../../domain/mfa.ts";
import type { Db } from "../db/connect.ts";
import { uuidv7 } from "../db/uuid.ts";
import { hasPasskey } from "./passkeys.repository.ts";
import type { User } from "./users.repository.ts";

/**
 * Two-factor sign-in with an authenticator app (docs/team.md, "Two-factor sign-in"): the TOTP
 * secret is kept encrypted (AES-256-GCM under a key derived from the signing key), a code is
 * accepted once (the last time step used is kept and only a later one passes), and recovery
 * codes are kept as hashes, each used once.
 */

const period = 30;

/** The key secrets are encrypted under, derived from the server's signing key. */
export const mfaKey = (signingKey: Uint8Array) =>
  createHmac("sha256", signingKey).update("totp-secret-encryption").digest();

export function seal(key: Uint8Array, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

export function open(key: Uint8Array, sealed: string): string | null {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    // Another signing key: the secret cannot be read, so no code can pass.
    return null;
  }
}

const totpFor = (secret: string, label = "") =>
  new OTPAuth.TOTP({
    issuer: "",
    label,
    algorithm: "SHA1",
    digits: 6,
    period,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** A new secret, kept as pending until a code confirms the app has it. */
export async function startTotp(
  db: Db,
  key: Uint8Array,
  user: User,
  issuer: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db
    .updateTable("users")
    .set({ totp_pending_secret: seal(key, secret) })
    .where("id", "=", user.id)
    .execute();
  const totp = new OTPAuth.TOTP({
    issuer,
    label: user.email,
    algorithm: "SHA1",
    digits: 6,
    period,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
  return { secret, otpauthUrl: totp.toString() };
}

/** The time step a 6-digit code is right for (one step of drift either way), or null. */
function stepOf(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / period) + delta;
}

export const hashRecoveryCode = (code: string) =>
  createHash("sha256")
    .update(`mfa-recovery\0${normalizeRecoveryCode(code)}`)
    .digest("base64url");

/** Ten codes like "7f3a-9c2e-41bd": 48 bits each, easy to read out and type. */
const newRecoveryCode = () => {
  const hex = randomBytes(6).toString("hex");
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8)}`;
};

/**
 * Turns two-factor sign-in on when `code` is right for the pending secret: the secret becomes
 * the account's, and ten recovery codes replace any earlier ones. Null when the code is wrong
 * or nothing is being set up.
 */
export async function confirmTotp(
  db: Db,
  key: Uint8Array,
  user: User,
  code: string,
  now: Date,
): Promise<{ recoveryCodes: string[] } | "not-started" | "wrong"> {
  const pending = user.totp_pending_secret ? open(key, user.totp_pending_secret) : null;
  if (!pending) return "not-started";
  const step = stepOf(pending, code.trim(), now);
  if (step === null) return "wrong";
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({
        totp_secret: user.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: step,
        mfa_enabled_at: now.toISOString(),
      })
      .where("id", "=", user.id)
      .execute();
    return replaceRecoveryCodes(trx, user.id, now);
  });
  return { recoveryCodes };
}

/**
 * Ten new recovery codes for an account, replacing any earlier ones; only their hashes are
 * kept, so the answer is the one time they are seen.
 */
export async function replaceRecoveryCodes(db: Db, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.deleteFrom("mfa_recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("mfa_recovery_codes")
    .values(
      codes.map((recovery) => ({
        id: uuidv7(now.getTime()),
        user_id: userId,
        code_hash: hashRecoveryCode(recovery),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/** Whether an account has recovery codes at all (used or not). */
export async function hasRecoveryCodes(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("mfa_recovery_codes")
    .select("id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Lets an account's recovery codes go: it has no second factor left for them to stand in for. */
export async function dropRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("mfa_recovery_codes").where("user_id", "=", userId).execute();
}

/**
 * Whether `code` (a TOTP code or a recovery code) proves the second factor now, using it up:
 * a TOTP code's time step must be later than the last one accepted (a conditional update, so
 * two requests with one code cannot both pass), a recovery code must be unused (likewise).
 */
export async function spendSecondFactor(
  db: Db,
  key: Uint8Array,
  user: User,
  code: string,
  now: Date,
): Promise<boolean> {
  // Without an app (passkeys only) the recovery codes still stand in for the second factor.
  const secret = user.totp_secret ? open(key, user.totp_secret) : null;
  const given = code.trim();
  const step = secret ? stepOf(secret, given, now) : null;
  if (step !== null) {
    const used = await db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", user.id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
  const used = await db
    .updateTable("mfa_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", user.id)
    .where("code_hash", "=", hashRecoveryCode(given))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * Turns codes from an app off: the secret goes, and the recovery codes with it unless the
 * account keeps a passkey, for which they still stand in.
 */
export async function turnOffTotp(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        mfa_enabled_at: null,
      })
      .where("id", "=", userId)
      .execute();
    if (!(await hasPasskey(trx, userId))) await dropRecoveryCodes(trx, userId);
  });
}

export const hasTotp = (user: User) => Boolean(user.totp_secret);
