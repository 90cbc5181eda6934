import type { ListKey } from "../lead/lead-view.ts";
import type { Lists } from "./tracker-lists.ts";
import { listTitles } from "./tracker-state.ts";

/** Each list's heading id, as its section sets it. */
export const headingIdOf = (listKey: ListKey) =>
  `${listTitles[listKey].toLowerCase().replaceAll(" ", "-")}-heading`;

const order: readonly ListKey[] = ["fresh", "due", "old"];
const shortTitles: Record<ListKey, string> = { fresh: "New", due: "Due", old: "Follow Up With" };

/**
 * A phone's way between the lists: New, Due and Follow Up With, each one tap away, with its
 * count, in a bar at the bottom edge, under the thumb, whatever the scroll. Each moves focus
 * to its list's heading, so the next Tab or swipe starts there.
 */
export function ListJumps({ lists }: { lists: Lists }) {
  return (
    <nav
      aria-label="Lists"
      className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-paper/95 px-1 pb-[env(safe-area-inset-bottom)] backdrop-blur-sm"
    >
      <ul className="mx-auto flex max-w-[40rem] justify-around">
        {order.map((listKey) => {
          const list = lists[listKey];
          if (!list) return null;
          const count = list.total ?? list.leads.length;
          return (
            <li key={listKey} className="min-w-0 flex-1">
              <a
                href={`#${headingIdOf(listKey)}`}
                onClick={(event) => {
                  const heading = document.getElementById(headingIdOf(listKey));
                  if (!heading) return;
                  event.preventDefault();
                  heading.focus({ preventScroll: true });
                  heading.scrollIntoView({ block: "start", behavior: "instant" });
                }}
                className="flex min-h-[52px] items-center justify-center gap-0.5 rounded-sm px-0.5 text-sm font-bold whitespace-nowrap hover:bg-paper-dim"
              >
                {shortTitles[listKey]}
                <span className="rounded-sm bg-ink px-0.5 text-xs text-paper">{count}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
