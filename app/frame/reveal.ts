/** Fixed (docs/product.md, "The page frame"): blocks fade in once 10% of them is visible. */
export const revealThreshold = 0.1;

/**
 * Observes every `.reveal` block. The head script only enables hiding (html[data-reveal=on])
 * when IntersectionObserver exists and motion is allowed, and switches it off again if this
 * module never runs, so content is never stuck hidden.
 */
export function revealOnScroll(): void {
  if (document.documentElement.dataset.reveal !== "on") return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add("is-visible");
        observer.unobserve(entry.target);
      }
    },
    { threshold: revealThreshold },
  );
  for (const el of document.querySelectorAll(".reveal:not(.is-visible)")) observer.observe(el);
}

/** Runs in <head> before first paint; kept tiny and dependency-free. */
export const revealBootScript = `(function(){var d=document.documentElement;var ok="IntersectionObserver"in window&&!matchMedia("(prefers-reduced-motion: reduce)").matches;d.dataset.reveal=ok?"on":"off";if(ok)setTimeout(function(){if(!window.__finelineHydrated)d.dataset.reveal="off"},4000)})();`;
