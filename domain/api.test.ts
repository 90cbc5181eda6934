import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { nameCheck } from "./api.ts";

const name = z.string().check(nameCheck("bad name"));
const accepts = (value: string) => z.safeParse(name, value).success;

describe("nameCheck: a person's name shows as typed", () => {
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
  ])("refuses %s", (_what, character) => {
    expect(accepts(`Ann${character}gnp.exe`)).toBe(false);
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
  ])("accepts the name %j", (value) => {
    expect(accepts(value)).toBe(true);
  });
});
