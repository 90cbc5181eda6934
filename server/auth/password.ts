import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const argon2Async = promisify(argon2);

/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane. Stored in the PHC string, so it can rise later. */
export const argon2Params = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

const b64 = (buffer: Buffer) => buffer.toString("base64").replace(/=+$/, "");

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (PHC string format, unpadded base64). */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await argon2Async("argon2id", { message: password, nonce, ...argon2Params });
  const { memory, passes, parallelism } = argon2Params;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(nonce)}$${b64(hash)}`;
}

const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Constant-time check of a password against a PHC string; false for anything malformed. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = phc.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, expected] = match;
  const expectedHash = Buffer.from(expected ?? "", "base64");
  const hash = await argon2Async("argon2id", {
    message: password,
    nonce: Buffer.from(salt ?? "", "base64"),
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expectedHash.length,
  });
  return hash.length === expectedHash.length && timingSafeEqual(hash, expectedHash);
}

/**
 * A hash of a random password, computed once: verifying against it costs the same as a real
 * check, so an unknown e-mail takes as long as a wrong password (no user enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export const decoyHash = () => {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
};
