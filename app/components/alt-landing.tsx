import { site } from "../../domain/site.ts";
import { Arrow, ButtonLink, Container } from "./layout.tsx";
import { LineArt } from "./line-art.tsx";
import { processSteps } from "./process-steps.tsx";

const stepDrawings = ["discover", "plan", "build", "launch"] as const;

/**
 * /home2 (dark) and /home3 (light): a shorter landing page built around the line
 * drawings, which draw themselves as they scroll into view.
 */
export function AltLanding({ tone }: { tone: "dark" | "light" }) {
  const dark = tone === "dark";
  const muted = dark ? "text-paper/70" : "text-muted";
  const eyebrow = dark ? "text-accent" : "text-accent-strong";
  return (
    <div className={dark ? "bg-ink text-paper" : "bg-paper text-ink"}>
      <section aria-labelledby="alt-hero" className="pt-16 pb-10 md:pt-20 md:pb-14">
        <Container className={dark ? "" : "grid items-end gap-6 lg:grid-cols-[1.1fr_1fr]"}>
          <div>
            <p className={`text-sm font-bold tracking-[0.14em] uppercase ${eyebrow}`}>
              {site.name}
            </p>
            <h1 id="alt-hero" className="mt-3 max-w-5xl text-display font-bold">
              {dark
                ? "A website that works the night shift."
                : "Clear lines. Clean code. Customers who call."}
            </h1>
            <p className={`mt-3 max-w-2xl text-lg md:text-xl ${muted}`}>
              {dark
                ? "While you sleep, your website is the whole business to a stranger with a phone. We make sure it answers quickly, explains clearly and takes the booking."
                : "We draw every site from your customers' questions outward: what they need to see, in what order, on the phone in their hand. Then we build it to load in a blink."}
            </p>
            <div className="mt-5 flex flex-wrap gap-2">
              <ButtonLink to="/home#contact-us" variant={dark ? "accent" : "primary"}>
                Start with a free call <Arrow />
              </ButtonLink>
              <ButtonLink to="/previous-work" variant="secondary">
                See the results
              </ButtonLink>
            </div>
          </div>
          <LineArt
            drawing="horizon"
            className={`w-full ${dark ? "mt-8 max-w-5xl text-paper/80 drop-shadow-[0_0_12px_rgb(255_90_31/0.35)]" : "text-ink"}`}
          />
        </Container>
      </section>
      <section
        aria-labelledby="alt-process"
        className={`border-t py-12 md:py-16 ${dark ? "border-ink-line" : "border-line"}`}
      >
        <Container>
          <p className={`text-sm font-bold tracking-[0.14em] uppercase ${eyebrow}`}>The process</p>
          <h2 id="alt-process" className="mt-2 max-w-3xl text-title font-bold">
            Discover, Plan, Build, Launch &amp; Support.
          </h2>
          {/* Dark: a two-by-two gallery. Light: a four-column timeline joined by one ruled line. */}
          <ol
            className={`mt-8 grid gap-6 ${dark ? "md:grid-cols-2 md:gap-x-8 md:gap-y-10" : "md:grid-cols-2 md:gap-x-5 lg:grid-cols-4 lg:border-t lg:border-ink lg:pt-5"}`}
          >
            {processSteps.map((step, index) => (
              <li key={step.title} className="reveal">
                <LineArt
                  drawing={stepDrawings[index] ?? "discover"}
                  className={`h-auto w-full max-w-sm ${dark ? "text-paper/85" : "text-ink"}`}
                />
                <p className={`mt-3 font-mono text-sm ${eyebrow}`} aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </p>
                <h3 className="mt-1 text-3xl font-bold tracking-tight">{step.title}</h3>
                <p className={`mt-1 max-w-md text-lg ${muted}`}>{step.body}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>
      <section
        aria-labelledby="alt-cta"
        className={`border-t py-12 md:py-16 ${dark ? "border-ink-line" : "border-line"}`}
      >
        <Container className="reveal flex flex-col items-start gap-3 md:flex-row md:items-end md:justify-between">
          <h2 id="alt-cta" className="max-w-3xl text-title font-bold">
            75% of people judge credibility by the website in under half a second. Make yours count.
          </h2>
          <ButtonLink to="/home#contact-us" variant={dark ? "accent" : "primary"}>
            Contact us <Arrow />
          </ButtonLink>
        </Container>
      </section>
    </div>
  );
}
