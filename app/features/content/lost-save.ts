import type { Entry } from "./content-api.ts";

/** What a save sends besides the version: the slug, the body and the fields, flat. */
export type SavePayload = Record<string, unknown> & { slug: string; body: string };

/** A value with its objects' keys in order, so two copies compare equal however stored. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([key, inner]) => [key, canonical(inner)]),
        )
      : value;

const same = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * Whether the copy the server holds is this editor's own save whose answer never arrived:
 * the server committed it and went down (or the connection dropped) before answering, so
 * the retry, still based on the older version, is refused as stale. It is ours when it is
 * exactly the next version after `base` and holds exactly what one of the unanswered saves
 * sent (every save since the last answer was based on `base`, so at most one of them can
 * have landed). Anything else is someone else's save: a real conflict, for the owner to
 * settle.
 */
export function isOwnUnansweredSave(
  server: Entry,
  base: number,
  unanswered: readonly SavePayload[],
): boolean {
  if (server.version !== base + 1) return false;
  return unanswered.some((sent) =>
    Object.entries(sent).every(([key, value]) => same(server[key], value)),
  );
}
