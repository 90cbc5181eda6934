import { startPageClock } from "../components/page-clock.ts";

/**
 * Islands: the few interactive parts a public page needs in the browser (the contact form,
 * the booking picker), each hydrated on its own when it comes near the viewport or takes
 * focus, never before. Until then the prerendered HTML works as it is (the form posts
 * without script).
 */
const islands: Record<string, () => Promise<{ hydrate(host: HTMLElement): void }>> = {
  "contact-form": () => import("./contact-island.tsx"),
  // Plain DOM, no React: the booking page's picker keeps it within its script budget.
  booking: () => import("./booking-island.ts"),
  // Plain DOM too: an event's registration form (ADR 026).
  "event-registration": () => import("./registration-island.ts"),
  // The same module for an event's ticket by its title: the seats left, as the page opens.
  "event-seats": () => import("./registration-island.ts"),
  // A guest's own registration, to cancel (ADR 026).
  "registration-manage": () => import("./registration-manage-island.ts"),
};

/**
 * Islands whose form sends the timing token. Their page's clock starts as the page is shown,
 * not when the island loads or the form is first used: autofill fills a form and sends it
 * within a second of the first focus (docs/product.md, "Spam kept for review").
 */
const timed = new Set(["contact-form", "event-registration"]);

/** The page's clock, once the visitor sees the page: a page prerendered on speculation waits. */
function startClockWhenShown(): void {
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener("prerenderingchange", startPageClock, { once: true });
  else startPageClock();
}

/** How near "near" is: half a screen below the fold, so it is ready before it is seen. */
const approach = "0px 0px 50% 0px";

export function hydrateIslandsOnApproach(): void {
  for (const host of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const load = islands[host.dataset.island ?? ""];
    if (!load) continue;
    if (timed.has(host.dataset.island ?? "")) startClockWhenShown();
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      observer.disconnect();
      host.removeEventListener("focusin", start);
      host.removeEventListener("pointerdown", start);
      load()
        .then((island) => island.hydrate(host))
        .catch(() => {
          // The module did not load (offline, a deploy in between): the plain form still posts.
          host.dataset.hydrated = "failed";
        });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { rootMargin: approach },
    );
    observer.observe(host);
    host.addEventListener("focusin", start);
    host.addEventListener("pointerdown", start);
  }
}
