import { describe, expect, it } from "vitest";
import { manageTokenFor } from "../booking/manage-token.ts";
import { registrationIdOfToken, registrationLinkToken } from "./registration-link.ts";

const key = new Uint8Array(32).fill(1);
const id = "0190f1a2-7b3c-7d4e-8f50-617283940a1b";

describe("a registration's link token", () => {
  it("names its registration under the key it was made with, and is the same every time", () => {
    const token = registrationLinkToken(key, id);
    expect(token).toMatch(/^0190f1a2-7b3c-7d4e-8f50-617283940a1b\.[A-Za-z0-9_-]{43}$/);
    expect(registrationLinkToken(key, id)).toBe(token);
    expect(registrationIdOfToken(key, token)).toBe(id);
  });

  it("opens nothing under another key, for another ID, or in any look-alike spelling", () => {
    const token = registrationLinkToken(key, id);
    const [, mac = ""] = token.split(".");
    const otherId = "0190f1a2-7b3c-7d4e-8f50-617283940a1c";
    for (const forged of [
      `${otherId}.${mac}`,
      `${id.toUpperCase()}.${mac}`,
      `${id}.${mac.slice(0, -1)}`,
      `${id}.${mac}=`,
      `${id}.${mac}\0`,
      `${id}..${mac}`,
      `.${mac}`,
      id,
      "",
    ])
      expect(registrationIdOfToken(key, forged), forged).toBeNull();
    expect(registrationIdOfToken(new Uint8Array(32).fill(2), token)).toBeNull();
  });

  it("is not a booking's manage token under the same key", () => {
    const { token } = manageTokenFor(key, id);
    expect(registrationLinkToken(key, id).endsWith(`.${token}`)).toBe(false);
  });
});
