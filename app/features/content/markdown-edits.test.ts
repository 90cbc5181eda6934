import { describe, expect, it } from "vitest";
import { prefixLines, wrapSelection } from "./markdown-edits.ts";

describe("toolbar edits", () => {
  it("wraps the selection, or a placeholder left selected to type over", () => {
    expect(wrapSelection("say hi now", 4, 6, "**", "**", "bold")).toEqual({
      from: 4,
      to: 6,
      insert: "**hi**",
      select: [6, 8],
    });
    expect(wrapSelection("", 0, 0, "[", "](https://)", "link text").select).toEqual([1, 10]);
  });

  it("prefixes every touched line, numbering a numbered list", () => {
    const text = "intro\none\ntwo\nend";
    expect(prefixLines(text, 7, 11, "1. ").insert).toBe("1. one\n2. two");
    expect(prefixLines(text, 0, 0, "## ").insert).toBe("## intro");
  });
});
