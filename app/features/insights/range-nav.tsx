import { Link } from "react-router";
import { presets } from "./load-insights.ts";

/** The presets as links; the one in view is the current page. */
export function RangeNav({ days }: { days: number | null }) {
  return (
    <nav
      aria-label="Range"
      className="flex gap-0.5 rounded-sm border border-line bg-white/60 p-0.5"
    >
      {presets.map((n) => (
        <Link
          key={n}
          to={`?days=${n}`}
          aria-current={days === n ? "page" : undefined}
          className={`inline-flex min-h-[44px] items-center whitespace-nowrap rounded-sm px-1.5 font-semibold min-[1024px]:min-h-5 ${
            days === n ? "bg-ink text-paper" : "hover:bg-paper-dim"
          }`}
        >
          <span className="max-sm:sr-only">Last&nbsp;</span>
          {n}&nbsp;days
        </Link>
      ))}
    </nav>
  );
}
