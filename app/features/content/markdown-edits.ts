/**
 * The toolbar's edits as pure functions of the text and the selection, so they are tested
 * without a browser: each says what to insert where and what to select afterwards.
 */
export type TextEdit = { from: number; to: number; insert: string; select: [number, number] };

/** **bold**, _italic_, [link](…): around the selection, or around a placeholder to type over. */
export function wrapSelection(
  text: string,
  from: number,
  to: number,
  before: string,
  after: string,
  fallback: string,
): TextEdit {
  const inner = text.slice(from, to) || fallback;
  return {
    from,
    to,
    insert: `${before}${inner}${after}`,
    select: [from + before.length, from + before.length + inner.length],
  };
}

/** "## ", "- ", "1. ", "> " at the start of every line the selection touches. */
export function prefixLines(text: string, from: number, to: number, prefix: string): TextEdit {
  const start = text.lastIndexOf("\n", from - 1) + 1;
  const nextBreak = text.indexOf("\n", to);
  const end = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(start, end).split("\n");
  const numbered = prefix === "1. ";
  const insert = lines.map((line, i) => `${numbered ? `${i + 1}. ` : prefix}${line}`).join("\n");
  return { from: start, to: end, insert, select: [start + insert.length, start + insert.length] };
}
