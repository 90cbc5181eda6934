export type ProcessStep = { readonly title: string; readonly body: string };

/** The four fixed steps (docs/product.md, "Routes": Discover, Plan, Build, Launch & Support). */
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

/**
 * Numbered process. The step nearest the middle of the viewport carries aria-current="step"
 * (set by the frame script, app/frame/process-steps.ts) and its look follows that attribute,
 * so no framework runs for it. Without JavaScript the first step is current.
 */
export function ProcessSteps({
  steps = processSteps,
  tone = "light",
}: {
  steps?: readonly ProcessStep[];
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  return (
    <ol data-process-steps className="relative space-y-2">
      {steps.map((step, index) => (
        <li
          key={step.title}
          aria-current={index === 0 ? "step" : undefined}
          className={`group grid grid-cols-[auto_1fr] gap-x-3 rounded-sm border p-3 transition-[background-color,border-color,color] duration-300 md:gap-x-5 md:p-4 ${
            dark
              ? `border-ink-line text-muted-light aria-[current=step]:border-accent aria-[current=step]:bg-ink-soft aria-[current=step]:text-paper`
              : `border-line text-muted aria-[current=step]:border-ink aria-[current=step]:bg-paper aria-[current=step]:text-ink aria-[current=step]:shadow-[0_1px_0_var(--color-ink)]`
          }`}
        >
          <span
            aria-hidden="true"
            className={`text-sm font-bold tabular-nums ${dark ? "group-aria-[current=step]:text-accent" : "group-aria-[current=step]:text-accent-strong"}`}
          >
            {String(index + 1).padStart(2, "0")}
          </span>
          <div>
            <h3 className="text-2xl font-bold tracking-tight md:text-3xl">{step.title}</h3>
            <p
              className={`mt-1 max-w-2xl text-lg ${dark ? "group-aria-[current=step]:text-paper/80" : "group-aria-[current=step]:text-ink-soft"}`}
            >
              {step.body}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
