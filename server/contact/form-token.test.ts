import { describe, expect, it } from "vitest";
import { checkFormToken, formTokenKey, issueFormToken, readFormToken } from "./form-token.ts";

const key = formTokenKey(new TextEncoder().encode("a-signing-key-that-is-long-enough!"));
const at = new Date("2026-11-23T15:00:00.000Z");
const msLater = (ms: number) => new Date(at.getTime() + ms);
const day = 24 * 60 * 60 * 1000;

describe("the contact form's timing token", () => {
  it("tells the server when the page was opened, and nobody else can write one", () => {
    const token = issueFormToken(key, at);
    expect(readFormToken(key, token)).toBe(at.getTime());
    const other = formTokenKey(new TextEncoder().encode("someone-elses-key-also-long-enough"));
    expect(readFormToken(other, token)).toBeNull();
    const [v, , nonce, mac] = token.split(".");
    expect(readFormToken(key, `${v}.${at.getTime() - 10_000}.${nonce}.${mac}`)).toBeNull();
    expect(readFormToken(key, `${token}.extra`)).toBeNull();
    expect(readFormToken(key, "x".repeat(500))).toBeNull();
  });

  it("judges too fast under 3 seconds, forged always, and claims a genuine token for one message", () => {
    const token = issueFormToken(key, at);
    expect(checkFormToken(key, token, msLater(2999))).toEqual({ kind: "spam", reason: "too-fast" });
    const fresh = checkFormToken(key, token, msLater(3000));
    expect(fresh.kind).toBe("fresh");
    // A tab left open for days still counts, and its one use is remembered while it does.
    expect(checkFormToken(key, token, msLater(25 * day))).toEqual(fresh);
    if (fresh.kind === "fresh") {
      expect(fresh.claim.hash).not.toContain(token.split(".")[3] ?? "");
      expect(fresh.claim.expiresAt).toEqual(msLater(30 * day));
    }
    expect(checkFormToken(key, "forged", msLater(10_000))).toEqual({
      kind: "spam",
      reason: "bad-token",
    });
    // From an instance whose clock runs ahead: genuine, so claimed, never "too fast".
    expect(checkFormToken(key, token, msLater(-2000)).kind).toBe("fresh");
    // Past 30 days its one use can no longer be checked: as if there were none.
    expect(checkFormToken(key, token, msLater(31 * day))).toEqual({ kind: "absent" });
    expect(checkFormToken(key, undefined, at)).toEqual({ kind: "absent" });
    expect(checkFormToken(key, "", at)).toEqual({ kind: "absent" });
  });

  it("measures from the page being opened, so autofill sent at once after reading is a person", () => {
    // Issued as the page was shown; read for 15 s, every field filled in one go, sent 0.8 s
    // after the first focus: 15.8 s old, a person's pace.
    const opened = issueFormToken(key, at);
    expect(checkFormToken(key, opened, msLater(15_000 + 800)).kind).toBe("fresh");
    // A script that asks for a token and posts at once is still too fast.
    const asked = issueFormToken(key, at);
    expect(checkFormToken(key, asked, msLater(50))).toEqual({ kind: "spam", reason: "too-fast" });
  });
});
