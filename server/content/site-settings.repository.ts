import { sql } from "kysely";
import * as z from "zod/mini";
import {
  defaultSiteSettings,
  type SiteSettingsData,
  siteSettingsSchema,
} from "../../domain/site-settings.ts";
import type { Db } from "../db/connect.ts";
import { toIso } from "../db/schema.ts";

export type StoredSettings = {
  settings: SiteSettingsData;
  version: number;
  updatedAt: string | null;
};

/** The site settings, or the defaults at version 0 until the owner first saves them. */
export async function loadSiteSettings(db: Db): Promise<StoredSettings> {
  const row = await db
    .selectFrom("site_settings")
    .selectAll()
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!row) return { settings: defaultSiteSettings, version: 0, updatedAt: null };
  // Written only through the schema; read through it too, with the defaults for a field added later.
  const parsed = z.safeParse(siteSettingsSchema, {
    ...defaultSiteSettings,
    ...(JSON.parse(row.data) as object),
  });
  return {
    settings: parsed.success ? parsed.data : defaultSiteSettings,
    version: Number(row.version),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * Saves the settings if they are still at `version` (compare-and-set: version 0 inserts the
 * one row, once); "stale" when someone saved since.
 */
export async function saveSiteSettings(
  db: Db,
  settings: SiteSettingsData,
  version: number,
  author: string | null,
  now: Date,
): Promise<StoredSettings | "stale"> {
  const values = {
    data: JSON.stringify(settings),
    updated_at: now.toISOString(),
    updated_by: author,
  };
  const row =
    version === 0
      ? await db
          .insertInto("site_settings")
          .values({ id: 1, version: 1, ...values })
          .onConflict((oc) => oc.column("id").doNothing())
          .returning("version")
          .executeTakeFirst()
      : await db
          .updateTable("site_settings")
          .set({ ...values, version: sql<number>`version + 1` })
          .where("id", "=", 1)
          .where("version", "=", version)
          .returning("version")
          .executeTakeFirst();
  if (!row) return "stale";
  return { settings, version: Number(row.version), updatedAt: values.updated_at };
}
