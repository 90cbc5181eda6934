import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { cutTextFont, pageCharacters, textFontFace, unicodeRange } from "./text-font.ts";

const latin = readFileSync(
  createRequire(import.meta.url).resolve(
    "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2",
  ),
);

describe("the static pages' cut of Manrope", () => {
  it("reads the characters a page shows, not its scripts, styles or markup", () => {
    const chars = pageCharacters(
      '<html><head><style>a::after{content:"§"}</style><script>var x="¶"</script></head>' +
        '<body class="ü"><h1>Café &amp; “quotes” &#x2192; &#8212;</h1>' +
        '<input placeholder="Zoë" value="ñ"><!-- ø --><template>µ</template></body></html>',
    );
    for (const c of "Café&“”→—Zoëñ") expect(chars.has(c), c).toBe(true);
    for (const c of "§¶üøµ<>") expect(chars.has(c), c).toBe(false);
  });

  it("writes consecutive characters as one range", () => {
    expect(unicodeRange("cab –—é")).toBe("U+20,U+61-63,U+E9,U+2013-2014");
  });

  it("is a WOFF2 of printable ASCII and the pages' own characters in both cases, half the Latin file", async () => {
    const font = await cutTextFont(latin, ["é", "→", "’"]);
    expect(font.data.subarray(0, 4).toString("latin1")).toBe("wOF2");
    expect(font.data.length).toBeLessThan(latin.length / 1.6);
    // One TCP window (10 × 1460 bytes) with its response headers: the reason for the cut.
    expect(font.data.length).toBeLessThan(13 * 1024);
    // Both cases: an uppercase heading shows "É" where the markup has "é".
    expect(font.unicodeRange).toBe("U+20-7E,U+C9,U+E9,U+2019,U+2192");
    expect(font.fileName).toMatch(/^manrope-text-[\w-]{8}\.woff2$/);
    // Same characters, same file: the name is a content hash, cached immutably.
    expect((await cutTextFont(latin, ["→", "é", "’", "a"])).fileName).toBe(font.fileName);
    const face = textFontFace(`/assets/${font.fileName}`, font);
    expect(face).toContain('font-family:"Manrope"');
    // The full faces' own descriptors, so all three form one family.
    expect(face).toContain("font-weight:200 800");
    expect(face).toContain(`unicode-range:${font.unicodeRange}}`);
  });
});
