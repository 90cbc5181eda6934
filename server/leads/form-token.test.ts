import { describe, expect, it } from "vitest";
import { formTokenKey, formTokenVerdict, issueFormToken, readFormToken } from "./form-token.ts";

const key = formTokenKey(new TextEncoder().encode("a-signing-key-that-is-long-enough!"));
const at = new Date("2026-11-23T15:00:00.000Z");
const msLater = (ms: number) => new Date(at.getTime() + ms);

describe("the contact form's timing token", () => {
  it("tells the server when the form was first used, and nobody else can write one", () => {
    const token = issueFormToken(key, at);
    expect(readFormToken(key, token)).toBe(at.getTime());
    const other = formTokenKey(new TextEncoder().encode("someone-elses-key-also-long-enough"));
    expect(readFormToken(other, token)).toBeNull();
    const [v, , nonce, mac] = token.split(".");
    expect(readFormToken(key, `${v}.${at.getTime() - 10_000}.${nonce}.${mac}`)).toBeNull();
    expect(readFormToken(key, `${token}.extra`)).toBeNull();
    expect(readFormToken(key, "x".repeat(500))).toBeNull();
  });

  it("judges too fast under 3 seconds, forged always, and says nothing without a token", () => {
    const token = issueFormToken(key, at);
    expect(formTokenVerdict(key, token, msLater(2999))).toBe("too-fast");
    expect(formTokenVerdict(key, token, msLater(3000))).toBeNull();
    expect(formTokenVerdict(key, token, msLater(25 * 60 * 60 * 1000))).toBeNull();
    expect(formTokenVerdict(key, "forged", msLater(10_000))).toBe("bad-token");
    // From an instance whose clock runs ahead: no verdict, rather than "too fast".
    expect(formTokenVerdict(key, token, msLater(-2000))).toBeNull();
    expect(formTokenVerdict(key, undefined, at)).toBeNull();
    expect(formTokenVerdict(key, "", at)).toBeNull();
  });
});
