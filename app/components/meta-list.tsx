/**
 * A line of facts separated by middle dots, where a dot never starts or ends a line. Each
 * dot travels at the start of its item, so it cannot be left at the end of a line; the list is
 * pulled left by one dot's width inside a clipping box, so the dot of whichever item starts
 * a line falls outside the box and is not seen. Items wrap as whole units where they can.
 */
export function MetaList({ items }: { items: readonly React.ReactNode[] }) {
  return (
    <div className="overflow-hidden" data-meta-list="">
      <ul className="-ml-3 flex flex-wrap gap-y-1">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <li key={index} className="flex min-w-0">
            <span aria-hidden="true" className="w-3 shrink-0 text-center">
              ·
            </span>
            <span className="min-w-0">{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Joins short labels with a middle dot held to both neighbours, for one-line eyebrows. */
export const joinWithDots = (parts: readonly string[]): string => parts.join("\u00a0·\u00a0");
