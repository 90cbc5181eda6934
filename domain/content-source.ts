/**
 * Where the loaders read content from. A build reads the Markdown in content/; a running
 * server renders pages from the entries published in its database (docs/decisions/033) by
 * installing a source here before it renders. The server's own modules and the React Router
 * server build each hold a copy of this file, so the source lives on a process-wide symbol,
 * not in a module variable.
 */

/** One entry as a loader reads it: its fields as in frontmatter, and its Markdown body. */
export type SourceEntry = {
  readonly slug: string;
  /** Where it came from, for error messages: a file, or "entry {id}". */
  readonly file: string;
  readonly data: Record<string, unknown>;
  readonly body: string;
  /**
   * Changes whenever the entry does (its id and published version): an entry whose key is
   * unchanged is not parsed and rendered from Markdown again in the next generation.
   */
  readonly key?: string;
};

export type ContentSource = {
  /** The entries of one content/ folder ("blog", "guides/wordpress", …). */
  entries(folder: string): readonly SourceEntry[];
  /**
   * Changes whenever the entries do: the loaders' parsed collections are kept per generation,
   * so a render after a publish never sees the collection as it was before it.
   */
  readonly generation: number;
  /** "Now" for what is upcoming and what is past (events), in milliseconds. */
  now(): number;
};

const sourceKey = Symbol.for("fineline.content-source");
type Holder = { [sourceKey]?: ContentSource | null };

export function installContentSource(source: ContentSource | null): void {
  (globalThis as Holder)[sourceKey] = source;
}

/** The installed source, or null: read content/ (the build, the dev server, tests). */
export function installedContentSource(): ContentSource | null {
  return (globalThis as Holder)[sourceKey] ?? null;
}
