/**
 * The page frame's behaviour on every page, without a framework (ADR 014).
 * Public pages are prerendered React and load no React in the browser: this module, a few
 * kilobytes, adds what they do: the bar hiding on the way down, the mobile menu, blocks
 * fading in, the current process step, where the visit came from, counting the page view
 * (without a cookie), and islands hydrated when approached. A module added by
 * app/frame/frame-loader.ts once the first paint is on screen (ADR 019), so it never competes
 * with the page for a slow phone's first round trips. The line drawings and back-to-top need no script (CSS scroll-driven animation, #top).
 */
import { rememberVisit } from "../components/visit-source.ts";
import { hideBarOnScroll } from "./hide-bar.ts";
import { hydrateIslandsOnApproach } from "./islands.ts";
import { enhanceMenu } from "./menu.ts";
import { countPageView } from "./page-view.ts";
import { markCurrentStep } from "./process-steps.ts";
import { revealOnScroll } from "./reveal.ts";

declare global {
  interface Window {
    /** Set once the frame runs; the head script un-hides faded blocks if it never does. */
    __finelineHydrated?: boolean;
    /** Set once React has hydrated a client-rendered screen (app/root.tsx). */
    __finelineApp?: boolean;
  }
}

if (!window.__finelineHydrated) {
  window.__finelineHydrated = true;
  rememberVisit();
  countPageView();
  hideBarOnScroll();
  enhanceMenu();
  revealOnScroll();
  markCurrentStep();
  hydrateIslandsOnApproach();
}
