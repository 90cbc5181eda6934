/** Polling that stops while the tab is hidden (docs/tracker.md): the dashboard and the tracker. */

/** What `whileVisible` needs of the page: its visibility and the event that it changed. */
type VisiblePage = {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: "visibilitychange", listener: () => void): void;
  removeEventListener(type: "visibilitychange", listener: () => void): void;
};

/**
 * Runs `refresh` every `intervalMs` while the page is visible: a hidden tab asks nothing (no
 * load on the server for a screen nobody looks at) and asks at once when it is shown again.
 * The first round waits its interval: the page has just loaded what it shows. The next round is timed from the end of the last, so a slow answer never has a
 * second question queued behind it. Answers the function that stops it all.
 */
export function whileVisible(
  refresh: () => Promise<unknown>,
  {
    page = document as VisiblePage,
    intervalMs,
  }: {
    page?: VisiblePage;
    intervalMs: number;
  },
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let asking = false;

  async function ask() {
    clearTimeout(timer);
    if (stopped || asking || page.visibilityState !== "visible") return;
    asking = true;
    try {
      await refresh();
    } catch {
      // Nothing to show for it; the next round asks again.
    } finally {
      asking = false;
      if (!stopped && page.visibilityState === "visible") timer = setTimeout(ask, intervalMs);
    }
  }
  const onVisibility = () => {
    if (page.visibilityState === "visible") void ask();
    else clearTimeout(timer);
  };
  page.addEventListener("visibilitychange", onVisibility);
  if (page.visibilityState === "visible") timer = setTimeout(ask, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    page.removeEventListener("visibilitychange", onVisibility);
  };
}
