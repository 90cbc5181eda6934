import { siteUrlFor } from "../../domain/site-url.ts";

/** The port the browser tests' server listens on (playwright.config.ts starts it there). */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);

/**
 * The origin that server's pages name in canonical links and share images: SITE_URL is unset
 * there, so it is the address actually served (server/config.ts).
 */
export const siteOrigin =
  process.env.SITE_URL?.replace(/\/$/, "") || siteUrlFor("127.0.0.1", e2ePort);

/**
 * The clock the browser tests' build decides upcoming and past events by (BUILD_TIME), so
 * the events tests check both kinds whatever day they run.
 */
export const e2eBuildTime = "2026-11-26T12:00:00.000Z";
