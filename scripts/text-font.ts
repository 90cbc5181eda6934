/**
 * The public pages' own cut of Manrope (docs/decisions/018).
 *
 * The Latin file from @fontsource is 25 KB: every Latin-1 letter, the whole 200–800 weight
 * axis and every alternate glyph. The prerendered pages use about a hundred characters at
 * three weights (400, 600, 700). Cut to printable ASCII plus the characters the pages actually
 * show, the 400–700 axis and no alternates, it is about 12 KB: one TCP round trip on a slow
 * phone instead of two, and that round trip was the last thing the pages' first paint waited on.
 *
 * The cut is declared after the full faces with the same descriptors and a unicode-range of
 * exactly its characters, so a browser uses it for those and still fetches the full Latin face
 * the moment a page shows anything else (a name typed into the contact form, say): nothing
 * ever falls back to the system font because of the cut.
 */
import { createHash } from "node:crypto";
import subsetFont from "subset-font";

const printableAscii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/**
 * Every character a page can paint in its own type: the text between tags and the values and
 * placeholders of its fields, never what sits in scripts, styles or other attributes.
 */
export function pageCharacters(html: string): Set<string> {
  const chars = new Set<string>();
  const add = (text: string) => {
    for (const c of decodeEntities(text)) if (c >= " ") chars.add(c);
  };
  const body = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ");
  for (const match of body.matchAll(/\b(?:placeholder|value)="([^"]*)"/g)) add(match[1] ?? "");
  add(body.replace(/<!--[\s\S]*?-->/g, " ").replace(/<[^>]*>/g, " "));
  return chars;
}

/** "U+20-7E,U+A9,U+2013-2014": the characters as unicode-range, consecutive ones merged. */
export function unicodeRange(chars: Iterable<string>): string {
  const codes = [...new Set([...chars].map((c) => c.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const ranges: string[] = [];
  const hex = (n: number) => n.toString(16).toUpperCase();
  for (let i = 0; i < codes.length; ) {
    let end = i;
    while (end + 1 < codes.length && codes[end + 1] === (codes[end] ?? 0) + 1) end++;
    const from = codes[i] ?? 0;
    const to = codes[end] ?? 0;
    ranges.push(from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`);
    i = end + 1;
  }
  return ranges.join(",");
}

export type TextFont = {
  /** The cut, WOFF2. */
  readonly data: Buffer;
  /** File name under /assets/, with a content hash like Vite's own (cached immutably). */
  readonly fileName: string;
  readonly characters: string;
  readonly unicodeRange: string;
};

/** Printable ASCII and whatever else the pages show, cut from the full Latin WOFF2. */
export async function cutTextFont(
  latinWoff2: Buffer,
  pageChars: Iterable<string>,
): Promise<TextFont> {
  // Both cases of each: text-transform can show "É" where the markup has "é".
  const cased = [...pageChars].flatMap((c) =>
    [c, c.toUpperCase(), c.toLowerCase()].filter((v) => [...v].length === 1),
  );
  const characters = [...new Set([...printableAscii, ...cased])].sort().join("");
  const data = await subsetFont(latinWoff2, characters, {
    targetFormat: "woff2",
    // Kerning and marks, and the tabular figures the step numbers ask for (the glyphs those
    // reach come along); no other alternates (the pages turn ss01 off). The weights in use.
    keepFeatures: ["ccmp", "locl", "mark", "mkmk", "kern", "tnum"],
    variationAxes: { wght: { min: 400, max: 700 } },
  });
  const hash = createHash("sha256").update(data).digest("base64url").slice(0, 8);
  return {
    data,
    fileName: `manrope-text-${hash}.woff2`,
    characters,
    unicodeRange: unicodeRange(characters),
  };
}

/**
 * The cut's @font-face. Its descriptors are the full faces' own (only the unicode-range
 * differs), so the browser treats all three as one family and picks per character.
 */
export function textFontFace(url: string, font: TextFont): string {
  return `@font-face{font-family:"Manrope";font-style:normal;font-display:swap;font-weight:200 800;src:url(${url}) format("woff2");unicode-range:${font.unicodeRange}}`;
}
