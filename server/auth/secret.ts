import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The HS256 signing key: JWT_SECRET when set, otherwise a 256-bit key generated once into
 * DATA_DIR/jwt-secret (mode 0600) and reused, so tokens survive restarts without configuration.
 */
export function loadSigningKey(config: {
  jwtSecret: string | undefined;
  dataDir: string;
}): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, "jwt-secret");
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
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
