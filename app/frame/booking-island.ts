import { bookPage } from "./book-view.ts";
import { managePage } from "./manage-view.ts";

/**
 * The booking island (ADR 022): the slot picker on /book and the visitor's manage page
 * (/booking/{token}). Plain DOM, no framework: the page stays within its script budget, and the
 * prerendered shell (app/components/booking-picker.tsx) already holds the form, so this adds
 * only the choices. Days and times are native radio buttons in labelled groups: arrow keys move
 * within a group, Tab between groups, and a screen reader says each group's name. Focus is
 * never dropped: what the visitor is on is never re-rendered under them.
 *
 * Its parts: the slot picker (slot-picker.ts), the book view (book-view.ts), the manage view
 * (manage-view.ts) and what they share (booking-helpers.ts). Imported statically, they bundle
 * into this one script.
 */
export function hydrate(host: HTMLElement): void {
  const { mode } = JSON.parse(host.dataset.props ?? "{}") as { mode?: string };
  // The fallback's fields would share labels with the picker's ("Email"): gone once it runs.
  host.querySelector(".booking-fallback")?.remove();
  const run = mode === "manage" ? managePage(host) : bookPage(host);
  host.dataset.hydrated = "true";
  void run;
}
