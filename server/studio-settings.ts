import { installSiteSettings, type SiteSettings } from "../domain/site.ts";
import { siteFromSettings } from "../domain/site-settings.ts";
import { studioHours } from "../domain/studio-hours.ts";
import { loadAvailability } from "./booking/availability.repository.ts";
import { loadSiteSettings } from "./content/site-settings.repository.ts";
import type { Db } from "./db/connect.ts";

/**
 * The studio as its saved site settings and booking availability describe it (docs/site.md,
 * "Site settings"), installed for this process's pages and e-mails (domain/site.ts). Read
 * at start and before every rendering pass, so an instance renders with what another saved.
 */
export async function loadStudio(db: Db, timeZone: string): Promise<SiteSettings> {
  const [{ settings }, availability] = await Promise.all([
    loadSiteSettings(db),
    loadAvailability(db),
  ]);
  return siteFromSettings(settings, studioHours(availability.weeklyHours, timeZone));
}

export async function installStudio(db: Db, timeZone: string): Promise<SiteSettings> {
  const studio = await loadStudio(db, timeZone);
  installSiteSettings(studio);
  return studio;
}
