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
 * The step of each process list nearest the middle of the viewport carries
 * aria-current="step" (its look follows the attribute in CSS). Without this module the
 * prerendered first step stays current.
 */
export function markCurrentStep(): void {
  const lists = [...document.querySelectorAll<HTMLElement>("[data-process-steps]")];
  if (lists.length === 0) return;
  let frame = 0;
  const measure = () => {
    frame = 0;
    for (const list of lists) {
      const steps = [...list.children];
      const current = nearestToMiddle(
        steps.map((el) => el.getBoundingClientRect()),
        window.innerHeight,
      );
      steps.forEach((step, index) => {
        if (index === current) step.setAttribute("aria-current", "step");
        else step.removeAttribute("aria-current");
      });
    }
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(measure);
  };
  measure();
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule, { passive: true });
}
