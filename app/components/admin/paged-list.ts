import { useRef } from "react";
import type { Endpoint } from "../../../domain/api.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { authGet, type SuccessOf, type Target } from "../../session/api.ts";

/**
 * A list the admin pages show a page at a time (the tracker's lists, Spam): the items so far,
 * where the next page is (the `Link: <…>; rel="next"` the API sends), and any load error.
 */
export type PagedList<T> = {
  readonly leads: readonly T[];
  readonly next: string | null;
  readonly error: string | null;
  readonly loadingMore?: boolean;
  /** How many the list has in all (the first page's `X-Total-Count`), when the API says. */
  readonly total?: number;
  /** When the server answered (its `Date`), where the page's live updates start from. */
  readonly asOf?: string;
};

/** The next page's URL from a `Link: <…>; rel="next"` header. */
export function nextPageUrl(link: string | null): string | null {
  const match = link ? /<([^>]+)>;\s*rel="next"/.exec(link) : null;
  return match?.[1] ?? null;
}

type ItemOf<E extends Endpoint> = SuccessOf<E> extends readonly (infer T)[] ? T : never;

/** One page of a list endpoint; a failure keeps the body's message as the list's error. */
export async function loadPage<E extends Endpoint>(
  endpoint: E,
  target: Target = {},
): Promise<PagedList<ItemOf<E>>> {
  const result = await authGet(endpoint, target);
  if (!result.ok) return { leads: [], next: null, error: result.error || leadTexts.failed };
  const total = Number.parseInt(result.headers.get("x-total-count") ?? "", 10);
  const date = Date.parse(result.headers.get("date") ?? "");
  return {
    leads: result.data as readonly ItemOf<E>[],
    next: nextPageUrl(result.headers.get("link")),
    error: null,
    ...(Number.isNaN(total) ? {} : { total }),
    ...(Number.isNaN(date) ? {} : { asOf: new Date(date).toISOString() }),
  };
}

/**
 * A further page added to a list, skipping items already shown (one may have moved here
 * meanwhile); or, when it failed, the list as it was with the error.
 */
export function withMore<T extends { ID: string }>(
  list: PagedList<T>,
  more: PagedList<T>,
): PagedList<T> {
  if (more.error) return { ...list, loadingMore: false, error: more.error };
  const shown = new Set(list.leads.map((item) => item.ID));
  return {
    ...list,
    leads: [...list.leads, ...more.leads.filter((item) => !shown.has(item.ID))],
    next: more.next,
    error: null,
    loadingMore: false,
  };
}

/**
 * "Load more" for a list kept anywhere (a page's state, the tracker's reducer): marks it
 * loading, fetches its next page, adds it. `apply` receives each change as a function of the
 * list as it is then. A second press while a page is on its way does nothing.
 */
export function useLoadMore<T extends { ID: string }>(
  load: (url: string) => Promise<PagedList<T>>,
  apply: (update: (list: PagedList<T>) => PagedList<T>) => void,
) {
  const loading = useRef(false);
  return async (list: PagedList<T>) => {
    if (!list.next || list.loadingMore || loading.current) return;
    loading.current = true;
    apply((current) => ({ ...current, loadingMore: true }));
    try {
      const more = await load(list.next);
      apply((current) => withMore(current, more));
    } finally {
      loading.current = false;
    }
  };
}
