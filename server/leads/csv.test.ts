import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv.ts";

describe("csv", () => {
  it("quotes only what needs quoting, doubling quotes (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\r\nlf")).toBe('"cr\r\nlf"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("a=1")).toBe("a=1");
  });

  it("ends rows with CRLF", () => {
    expect(csvRow(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });
});
