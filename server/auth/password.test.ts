import { describe, expect, it } from "vitest";
import { decoyHash, hashPassword, verifyPassword } from "./password.ts";

describe("argon2id passwords", () => {
  it("stores a PHC string with OWASP's minimum parameters and verifies it", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("rejects malformed stored values instead of throwing", async () => {
    for (const stored of [
      "",
      "plain",
      "$argon2i$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA",
      "$2b$10$abcdefghijklmnopqrstuv",
    ]) {
      expect(await verifyPassword("x", stored)).toBe(false);
    }
  });

  it("has a decoy hash that never matches", async () => {
    expect(await verifyPassword("anything", await decoyHash())).toBe(false);
  });
});
