import { describe, expect, it } from "vitest";
import { authTexts, validateSignup } from "./auth.ts";

const valid = {
  email: "sam@shop.example",
  password: "correct horse",
  first_name: "Sam",
  last_name: "Reyes",
};

describe("validateSignup names", () => {
  it.each([
    ["a C0 control (ESC)", "\u001b"],
    ["DEL", "\u007f"],
    ["a C1 control (U+0080)", "\u0080"],
    ["a C1 control (NEL, U+0085)", "\u0085"],
    ["a C1 control (CSI, U+009B)", "\u009b"],
    ["a C1 control (U+009F)", "\u009f"],
    ["LEFT-TO-RIGHT EMBEDDING", "\u202a"],
    ["RIGHT-TO-LEFT EMBEDDING", "\u202b"],
    ["POP DIRECTIONAL FORMATTING", "\u202c"],
    ["LEFT-TO-RIGHT OVERRIDE", "\u202d"],
    ["RIGHT-TO-LEFT OVERRIDE", "\u202e"],
    ["LEFT-TO-RIGHT ISOLATE", "\u2066"],
    ["RIGHT-TO-LEFT ISOLATE", "\u2067"],
    ["FIRST STRONG ISOLATE", "\u2068"],
    ["POP DIRECTIONAL ISOLATE", "\u2069"],
    ["LEFT-TO-RIGHT MARK", "\u200e"],
    ["RIGHT-TO-LEFT MARK", "\u200f"],
    ["ARABIC LETTER MARK", "\u061c"],
    ["LINE SEPARATOR", "\u2028"],
    ["PARAGRAPH SEPARATOR", "\u2029"],
  ])("refuses %s in either name with the name's text", (_what, character) => {
    const name = `Ann${character}gnp.exe`;
    expect(validateSignup({ ...valid, first_name: name })).toEqual({
      ok: false,
      message: authTexts.invalidFirstName,
    });
    expect(validateSignup({ ...valid, last_name: name })).toEqual({
      ok: false,
      message: authTexts.invalidLastName,
    });
  });

  it.each([
    "Zoë",
    "José María",
    "Łukasz",
    "Nguyễn",
    "王小明",
    "山田 太郎",
    "محمد",
    "דוד",
    "O'Brien",
    "D’Angelo",
    "Anne-Marie",
  ])("accepts the name %j", (name) => {
    expect(validateSignup({ ...valid, first_name: name, last_name: name })).toMatchObject({
      ok: true,
      value: { first_name: name, last_name: name },
    });
  });

  it("still lets a password hold the characters names refuse", () => {
    expect(validateSignup({ ...valid, password: "pass\u202eword\u0085" })).toMatchObject({
      ok: true,
    });
  });
});
