import { describe, expect, it } from "vitest";
import { authTexts, validateSignup } from "./auth.ts";

const valid = {
  email: "sam@shop.example",
  password: "correct horse",
  first_name: "Sam",
  last_name: "Reyes",
};

describe("validateSignup names", () => {
  // The characters themselves: domain/api.test.ts (nameCheck).
  it("refuses a name with a control or a direction override, with the name's text", () => {
    for (const character of ["\u202e", "\u0085"]) {
      const name = `Ann${character}gnp.exe`;
      expect(validateSignup({ ...valid, first_name: name })).toEqual({
        ok: false,
        message: authTexts.invalidFirstName,
      });
      expect(validateSignup({ ...valid, last_name: name })).toEqual({
        ok: false,
        message: authTexts.invalidLastName,
      });
    }
    expect(validateSignup({ ...valid, first_name: "דוד", last_name: "王小明" })).toMatchObject({
      ok: true,
    });
  });

  it("still lets a password hold the characters names refuse", () => {
    expect(validateSignup({ ...valid, password: "pass\u202eword\u0085" })).toMatchObject({
      ok: true,
    });
  });
});
