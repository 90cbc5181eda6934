import { useEffect, useRef, useState } from "react";

export type ProcessStep = { readonly title: string; readonly body: string };

/** The four steps of spec section 2. */
export const processSteps: readonly ProcessStep[] = [
  {
    title: "Discover",
    body: "A free call and a look at what you have: your customers, your numbers, your current site. We leave you with a one-page brief, whether or not you hire us.",
  },
  {
    title: "Plan",
    body: "A fixed quote, a sitemap, and the handful of pages that matter most, written with you. You know the price and the launch date before we start.",
  },
  {
    title: "Build",
    body: "Design and code in weekly rounds you can click through. Every page is tested on real phones, for speed and for accessibility, as it is built.",
  },
  {
    title: "Launch & Support",
    body: "We move your domain, redirect old links, watch the numbers for the first month, and stay on call with hosting and care plans that fit a small budget.",
  },
];

/** Index of the element whose centre is nearest the vertical middle of the viewport. */
export function nearestToMiddle(
  rects: readonly { top: number; height: number }[],
  viewportHeight: number,
): number {
  const middle = viewportHeight / 2;
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  rects.forEach((rect, index) => {
    const distance = Math.abs(rect.top + rect.height / 2 - middle);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Numbered process; the step nearest the middle of the viewport is highlighted and
 * carries aria-current="step". Without JavaScript the first step is current.
 */
export function ProcessSteps({
  steps = processSteps,
  tone = "light",
}: {
  steps?: readonly ProcessStep[];
  tone?: "light" | "dark";
}) {
  const [current, setCurrent] = useState(0);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rects = [...list.children].map((el) => el.getBoundingClientRect());
      setCurrent(nearestToMiddle(rects, window.innerHeight));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  const dark = tone === "dark";
  return (
    <ol ref={listRef} className="relative space-y-2">
      {steps.map((step, index) => {
        const active = index === current;
        return (
          <li
            key={step.title}
            aria-current={active ? "step" : undefined}
            className={`grid grid-cols-[auto_1fr] gap-x-3 rounded-sm border p-3 transition-[background-color,border-color,color] duration-300 md:gap-x-5 md:p-4 ${
              active
                ? dark
                  ? "border-accent bg-ink-soft text-paper"
                  : "border-ink bg-paper text-ink shadow-[0_1px_0_var(--color-ink)]"
                : dark
                  ? "border-ink-line text-muted-light"
                  : "border-line text-muted"
            }`}
          >
            <span
              aria-hidden="true"
              className={`font-mono text-sm font-semibold tabular-nums ${active ? (dark ? "text-accent" : "text-accent-strong") : ""}`}
            >
              {String(index + 1).padStart(2, "0")}
            </span>
            <div>
              <h3 className="text-2xl font-bold tracking-tight md:text-3xl">{step.title}</h3>
              <p
                className={`mt-1 max-w-2xl text-lg ${active ? (dark ? "text-paper/80" : "text-ink-soft") : ""}`}
              >
                {step.body}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
