import { utmParameters, type VisitSource } from "../../domain/lead-source.ts";

/**
 * Where this visit came from, for the lead it may become: the landing page itself, its
 * referrer (another site's, never our own) and its campaign tags, kept in sessionStorage for
 * the visit, so a lead sent three pages later still says where the visitor arrived from.
 * First touch wins: later pages of the same visit change nothing.
 */
const key = "fineline.visit";

export function rememberVisit(): void {
  try {
    if (sessionStorage.getItem(key) !== null) return;
    const params = new URLSearchParams(location.search);
    const visit: Record<string, string> = {};
    for (const [param, field] of Object.entries(utmParameters)) {
      const value = params.get(param);
      if (value) visit[field] = value.slice(0, 200);
    }
    const referrer = document.referrer;
    if (referrer && new URL(referrer).host !== location.host)
      visit.referrer = referrer.slice(0, 2000);
    // The page the visit entered on, for the insights' "which pages bring leads".
    visit.entryPage = location.pathname.slice(0, 200);
    sessionStorage.setItem(key, JSON.stringify(visit));
  } catch {
    // Storage refused (private mode, a full quota) or an odd referrer: nothing to remember.
  }
}

export function readVisit(): VisitSource & { entryPage?: string | undefined } {
  try {
    const visit = JSON.parse(sessionStorage.getItem(key) ?? "{}") as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === "string" ? value : undefined);
    return {
      referrer: text(visit.referrer),
      utmSource: text(visit.utmSource),
      utmMedium: text(visit.utmMedium),
      utmCampaign: text(visit.utmCampaign),
      entryPage: text(visit.entryPage),
    };
  } catch {
    return {};
  }
}
