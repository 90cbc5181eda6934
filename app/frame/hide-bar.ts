/**
 * Fixed (docs/product.md, "The page frame"): the bar hides after 200 px of downward scroll and
 * returns on any upward scroll.
 */
export const navHideThreshold = 200;

/**
 * Looks the bar up on every frame rather than once: on the client-rendered screens React may
 * replace it, and the attribute is not one React manages, so it is never reset by a render.
 */
export function hideBarOnScroll(threshold = navHideThreshold): void {
  let last = window.scrollY;
  let frame = 0;
  const update = () => {
    frame = 0;
    const y = window.scrollY;
    if (Math.abs(y - last) < 4) return; // ignore sub-pixel jitter and momentum wobble
    const hidden = y > last && y > threshold;
    document.querySelector("[data-site-bar]")?.setAttribute("data-hidden", String(hidden));
    last = y;
  };
  window.addEventListener(
    "scroll",
    () => {
      if (!frame) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
}
