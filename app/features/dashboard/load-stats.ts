import { endpoints } from "../../../domain/endpoints.ts";
import { leadTexts } from "../../../domain/lead-record.ts";
import { authGet } from "../../session/api.ts";
import type { DashboardStats } from "./use-live-stats.ts";

/** The dashboard's numbers. A failure is shown, not thrown. */
export async function loadStats(): Promise<DashboardStats> {
  const result = await authGet(endpoints.stats);
  if (result.ok) return { stats: result.data, error: null };
  return { stats: null, error: (!result.ok && result.error) || leadTexts.failed };
}
