/** Heading and section ids, shared by the Markdown renderer and pages that build their own. */
/** "Who it's for" → "who-its-for": apostrophes join a word, other marks separate words. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
