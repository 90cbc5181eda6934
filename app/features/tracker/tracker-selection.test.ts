import { describe, expect, it } from "vitest";
import { a, b, c } from "./test-leads.ts";
import { checkedAfterClick, checkedWithList } from "./tracker-selection.ts";

describe("picking leads for a bulk update", () => {
  const leads = [a, b, c];
  it("toggles one with a click, and sets a Shift-click range to the anchor's state", () => {
    const one = checkedAfterClick(
      new Set(),
      leads,
      { listKey: "fresh", id: "a" },
      {
        shiftKey: false,
        anchor: null,
      },
    );
    expect([...one]).toEqual(["a"]);
    const range = checkedAfterClick(
      one,
      leads,
      { listKey: "fresh", id: "c" },
      {
        shiftKey: true,
        anchor: { listKey: "fresh", id: "a" },
      },
    );
    expect([...range].sort()).toEqual(["a", "b", "c"]);
    // From another list, Shift is an ordinary click.
    const other = checkedAfterClick(
      one,
      leads,
      { listKey: "fresh", id: "b" },
      {
        shiftKey: true,
        anchor: { listKey: "old", id: "x" },
      },
    );
    expect([...other].sort()).toEqual(["a", "b"]);
    expect([...checkedWithList(range, [a, b], false)]).toEqual(["c"]);
  });
});
