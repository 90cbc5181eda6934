import { visitsPath } from "../../domain/visits.ts";

/**
 * Counts this page view (docs/insights.md), once it is shown: the frame runs after the first paint,
 * and a page the browser prerendered on speculation is counted only if and when the visitor
 * actually opens it (prerenderingchange); a page brought back from the back-forward cache is
 * a view again. One beacon, no cookie, nothing stored in the browser: the server makes the
 * day's visitor from the request itself and keeps no address (docs/insights.md).
 */
export function countPageView(): void {
  const send = () => {
    const params = new URLSearchParams(location.search);
    const beacon = JSON.stringify({
      path: location.pathname,
      referrer: document.referrer,
      utm_source: params.get("utm_source") ?? "",
      utm_medium: params.get("utm_medium") ?? "",
      utm_campaign: params.get("utm_campaign") ?? "",
    });
    try {
      navigator.sendBeacon(visitsPath, new Blob([beacon], { type: "application/json" }));
    } catch {
      // No beacons here (an old browser, a blocked request): the page works the same.
    }
  };
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener("prerenderingchange", send, { once: true });
  else send();
  addEventListener("pageshow", (event) => {
    if (event.persisted) send();
  });
}
