import { randomBytes } from "node:crypto";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "../db/connect.ts";
import { makePrivateDirectory } from "../db/private-directory.ts";

type KeyConfig = { jwtSecret: string | undefined; dataDir: string };

/**
 * The HS256 signing key: JWT_SECRET when set, otherwise a generated 256-bit key. On SQLite it
 * is a file beside the database, DATA_DIR/jwt-secret (mode 0600): one machine. On PostgreSQL
 * it lives in the database (server_secrets), created once by whichever instance starts first,
 * so every instance behind a load balancer signs and verifies with the same key (ADR 016).
 */
export async function signingKeyFor(
  config: KeyConfig,
  database: Pick<DatabaseHandle, "db" | "engine">,
): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (database.engine === "sqlite") return loadSigningKey(config);
  return sharedSigningKey(config, database);
}

const keyName = "jwt-signing-key";

/**
 * Instances starting together all offer a key; the primary key lets exactly one insert win
 * (no lock needed) and everyone reads the winner. An instance that ran with a key file before
 * offers that key, so tokens issued before the move to several instances stay valid.
 */
async function sharedSigningKey(
  config: KeyConfig,
  { db }: Pick<DatabaseHandle, "db">,
): Promise<Uint8Array> {
  let offered: Uint8Array | undefined;
  try {
    offered = readKeyFile(path.join(config.dataDir, "jwt-secret"));
  } catch {
    // An unreadable DATA_DIR is no reason to stop: PostgreSQL instances need none.
  }
  offered ??= randomBytes(32);
  await db
    .insertInto("server_secrets")
    .values({
      name: keyName,
      value: Buffer.from(offered).toString("base64url"),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", keyName)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, "base64url");
}

/**
 * The key file DATA_DIR/jwt-secret (mode 0600), generated once and reused, so tokens survive
 * restarts without configuration. For SQLite, and for tools that sign with the same key.
 */
export function loadSigningKey(config: KeyConfig): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, "jwt-secret");
  const existing = readKeyFile(file);
  if (existing) return existing;
  makePrivateDirectory(config.dataDir);
  const key = randomBytes(32);
  // "wx": never overwrite a key another process wrote in the meantime.
  try {
    writeFileSync(file, `${key.toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  }
}

/** The file's key; undefined when there is no file (any other error is the operator's). */
function readKeyFile(file: string): Uint8Array | undefined {
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return undefined;
  }
}
