import { describe, expect, it } from "vitest";
import { isValidEmail, mailtoHref } from "./email.ts";

describe("the lead address pattern", () => {
  it("accepts the addresses people have", () => {
    for (const address of [
      "rosa@bakery.example",
      "rosa.delgado+site@bakery.example",
      "o'brien@pub.example.co.uk",
      "x_y-z@sub.domain.example",
      "1234@numbers.example",
      "rosa@xn--bckerei-cxa.example",
    ])
      expect(isValidEmail(address), address).toBe(true);
  });

  it("refuses what only an attack needs: encoded addresses, queries, parameters", () => {
    for (const address of [
      "real.person%40attacker.example?bcc=spy%40evil.example&x=@x.test",
      "rosa@bakery.example?subject=hi",
      "a%40b@c.example",
      "a&b@c.example",
      "a=b@c.example",
      "a?b@c.example",
      ".rosa@bakery.example",
      "rosa.@bakery.example",
      "ro..sa@bakery.example",
      "rosa@bakery.123",
    ])
      expect(isValidEmail(address), address).toBe(false);
  });
});

describe("mailtoHref", () => {
  it("encodes the address, so nothing in it can add recipients or headers", () => {
    const hostile = "real.person%40attacker.example?bcc=spy%40evil.example&x=@x.test";
    const href = mailtoHref(hostile);
    const url = new URL(href);
    expect(url.search).toBe("");
    expect(href).not.toMatch(/[?&]bcc=/i);
    expect(decodeURIComponent(url.pathname)).toBe(hostile);
  });

  it("leaves an ordinary address readable", () => {
    expect(mailtoHref("rosa@bakery.example")).toBe("mailto:rosa@bakery.example");
    expect(mailtoHref("o'brien+site@pub.example")).toBe("mailto:o'brien%2Bsite@pub.example");
  });
});
