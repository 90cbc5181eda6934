import { endpoints } from "../../../domain/endpoints.ts";
import type { Insights } from "../../../domain/insights.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { authGet } from "../../session/api.ts";

/** The ranges offered at a click, in days up to today on the owner's clock. */
export const presets = [7, 30, 90] as const;

export type InsightsData = {
  /** The preset in view, or null for a range of from/to dates. */
  days: number | null;
  insights: Insights | null;
  error: string | null;
};

/** The URL's range (a preset's days, or from/to), and the insights for it. */
export async function loadInsights(params: URLSearchParams): Promise<InsightsData> {
  const days = Number(params.get("days") ?? "30");
  const query = new URLSearchParams();
  if (params.get("from")) query.set("from", params.get("from") ?? "");
  if (params.get("to")) query.set("to", params.get("to") ?? "");
  if (!query.has("from") && presets.includes(days as 7)) {
    const settings = await authGet(endpoints.settings);
    if (settings.ok) {
      const today = settings.data.today;
      const from = new Date(`${today}T12:00:00Z`);
      from.setUTCDate(from.getUTCDate() - (days - 1));
      query.set("from", from.toISOString().slice(0, 10));
      query.set("to", today);
    }
  }
  const result = await authGet(endpoints.insights, { query: query.toString() });
  return {
    days: query.has("from") && params.get("from") ? null : days,
    insights: result.ok ? result.data : null,
    error: result.ok ? null : (result.error ?? leadTexts.failed),
  };
}
