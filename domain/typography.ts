/**
 * Typographic quotes and apostrophes for rendered prose: "it's" → “it’s”. Code never passes
 * through here (the Markdown renderer skips code spans and blocks), so a `"key"` stays straight.
 *
 * A quote opens after nothing, a space or an opening bracket or dash, and closes otherwise;
 * an apostrophe inside or after a word (it's, the 90s', Ds') is a closing single quote, as is
 * one before a digit ('26). `before` is the text just before, for quotes at a token's edge.
 * Copy in components is typed with ’ “ ” instead
 * (docs/decisions/030-typographic-quotes-in-content-and-copy.md).
 */
export function typographic(text: string, before = ""): string {
  let previous = before.at(-1) ?? "";
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    const next = text[i + 1] ?? "";
    const opens = previous === "" || /[\s([{\u2014\u2013\u201c\u2018-]/.test(previous);
    if (char === '"') out += opens ? "\u201c" : "\u201d";
    else if (char === "'") out += opens && !/\d/.test(next) ? "\u2018" : "\u2019";
    else out += char;
    previous = char;
  }
  return out;
}
